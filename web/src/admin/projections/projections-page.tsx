import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { formatAdminDate } from '../shared/format-date';
import { ProgressBar } from '../shared/progress-bar';
import { pageTitle, td } from '../shared/styles';
import {
  rebuildProgress, useGetProjectionsQuery, useRebuildProjectionMutation, useRetryProjectionMutation, type ProjectionFailure, type ProjectionStatus,
} from './projections-api';
import { DataTable } from '../shared/data-table';
import { ListStates } from '../shared/list-states';

const stateTone = (state: string) =>
  /error|fail|stopped/i.test(state) ? 'bg-red-100 text-red-800' : /rebuild|catch|build|not started/i.test(state) ? 'bg-amber-100 text-amber-800' : 'bg-emerald-100 text-emerald-800';

/**
 * Ops view: each projection's checkpoint, lag, state and owning replica, with a rebuild button and its
 * progress; a failed projection shows the event it stopped on and offers "Retry now" once the cause is fixed.
 */
export function ProjectionsPage() {
  const { data = [], isLoading, isError } = useGetProjectionsQuery();
  const rebuilding = data.some((p) => {
    const progress = rebuildProgress(p);
    return progress !== null && progress < 100;
  });
  // Poll fast while a rebuild runs, slowly otherwise.
  useGetProjectionsQuery(undefined, { pollingInterval: rebuilding ? 1000 : 5000 });
  const [rebuild, rebuildState] = useRebuildProjectionMutation();
  const [retry, retryState] = useRetryProjectionMutation();
  const toast = useToast();

  const retryNow = async (projection: ProjectionStatus) => {
    try {
      await retry(projection.name).unwrap();
      toast.success('Retry requested', `${projection.name} is tried again within a few seconds`);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to request a retry'));
    }
  };

  const start = async (projection: ProjectionStatus) => {
    try {
      await rebuild(projection.name).unwrap();
      toast.success('Rebuild requested', `${projection.name} rebuilds beside the live table, then swaps`);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to start the rebuild'));
    }
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Projections</h1>
      <ListStates isLoading={isLoading} isError={isError} isEmpty={data.length === 0} loading="Loading projections..." failed="Failed to load projections" empty="No projections reported">
        <DataTable columns={['Projection', 'Checkpoint', 'Lag', 'State', 'Owner', 'Rebuild']}>
          {data.map((p) => {
            const progress = rebuildProgress(p);
            return (
              <tr key={p.name} data-testid="projection-row">
                <td className={td}>
                  <p className="font-medium">{p.name}</p>
                  <p className="text-xs text-gray-500">
                    version {p.version ?? 'n/a'} · {p.eventsHandled} events handled
                  </p>
                  {p.failure ? <FailureDetails name={p.name} failure={p.failure} /> : p.lastError && <p className="text-xs text-red-700">{p.lastError}</p>}
                </td>
                <td className={`${td} font-mono text-xs`}>{p.checkpoint ?? 'none'}</td>
                <td className={`${td} tabular-nums`}>
                  {p.lag ? `${p.lag.atLeast ? '≥ ' : ''}${p.lag.events} events` : 'n/a'}
                  <br />
                  <span className="text-xs text-gray-500">{p.lag ? `${p.lag.seconds} s` : ''}</span>
                </td>
                <td className={td}>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stateTone(p.state)}`}>{p.state}</span>
                </td>
                <td className={`${td} text-xs`}>{p.owner ?? 'unowned'}</td>
                <td className={`${td} w-60`}>
                  {p.failure && (
                    <button
                      type="button"
                      className="mb-1 mr-1 rounded-md border border-red-300 bg-red-50 px-2 py-1 text-xs font-medium text-red-800 hover:bg-red-100 disabled:opacity-50"
                      disabled={retryState.isLoading}
                      onClick={() => retryNow(p)}
                      aria-label={`Retry ${p.name} now`}
                    >
                      Retry now
                    </button>
                  )}
                  <button
                    type="button"
                    className="mb-1 rounded-md border border-gray-300 px-2 py-1 text-xs font-medium hover:bg-gray-50 disabled:opacity-50"
                    disabled={rebuildState.isLoading || (progress !== null && progress < 100)}
                    onClick={() => start(p)}
                    aria-label={`Rebuild ${p.name}`}
                  >
                    Rebuild
                  </button>
                  {progress !== null && <ProgressBar value={progress} label={`Rebuild of ${p.name}`} />}
                  {p.lastRebuildRequest && (
                    <p className="text-[11px] text-gray-500">
                      last request {p.lastRebuildRequest.status}, {formatAdminDate(p.lastRebuildRequest.finishedAt ?? p.lastRebuildRequest.requestedAt)}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </ListStates>
    </div>
  );
}

/** What stopped a projection, for whoever fixes it: the event, the error and where the retries stand. */
function FailureDetails({ name, failure }: { name: string; failure: ProjectionFailure }) {
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-red-800" aria-label={`Failure of ${name}`} data-testid="projection-failure">
      <dt className="font-medium">Error</dt>
      <dd className="break-words">{failure.error ?? 'unknown'}</dd>
      <dt className="font-medium">Event</dt>
      <dd>
        {failure.eventType ?? 'unknown'} <span className="font-mono">{failure.eventId ?? ''}</span>
      </dd>
      <dt className="font-medium">Position</dt>
      <dd className="font-mono">{failure.position ?? 'n/a'}</dd>
      <dt className="font-medium">Attempts</dt>
      <dd>
        {failure.attempts}
        {failure.firstFailedAt ? `, failing since ${formatAdminDate(failure.firstFailedAt)}` : ''}
      </dd>
      <dt className="font-medium">Next retry</dt>
      <dd>{failure.nextRetryAt ? formatAdminDate(failure.nextRetryAt) : 'at the next tick'}</dd>
    </dl>
  );
}
