import { format } from 'date-fns';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { rebuildProgress, useGetProjectionsQuery } from '../projections/projections-api';
import { formatAdminDate } from '../shared/format-date';
import { ProgressBar } from '../shared/progress-bar';
import { btnSecondary, card, pageTitle } from '../shared/styles';
import { CardSection } from '../shared/card-section';
import { JobProgress } from './job-progress';
import { useStartExportMutation, type ExportKind } from './jobs-api';
import { forgetJob, markDownloaded, trackJob, useTrackedJobs } from './tracked-jobs';

const EXPORTS: { kind: ExportKind; label: string; file: (day: string) => string }[] = [
  { kind: 'orders', label: 'Orders CSV', file: (day) => `orders_${day}.csv` },
  { kind: 'newsletter', label: 'Subscribers CSV', file: (day) => `subscribers-${day}.csv` },
  { kind: 'events', label: 'Events NDJSON', file: (day) => `events-${day}.ndjson` },
];

/** Background work with progress: exports started here, and projection rebuilds (requested on the Projections page). */
export function JobsPage() {
  const jobs = useTrackedJobs();
  const { data: projections = [] } = useGetProjectionsQuery(undefined, { pollingInterval: 2000 });
  const rebuilds = projections.map((p) => ({ name: p.name, progress: rebuildProgress(p) })).filter((r) => r.progress !== null);
  const [startExport, exportState] = useStartExportMutation();
  const toast = useToast();

  const start = async (kind: ExportKind, label: string, fileName: string) => {
    try {
      const { jobId } = await startExport({ kind, filters: {} }).unwrap();
      trackJob({ id: String(jobId), kind: 'export', label, fileName });
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to start the export'));
    }
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Jobs</h1>
      <CardSection id="start-export" title="Start an export">
        <div className="flex flex-wrap gap-2">
          {EXPORTS.map((e) => (
            <button
              key={e.kind}
              type="button"
              className={btnSecondary}
              disabled={exportState.isLoading}
              onClick={() => start(e.kind, e.label, e.file(format(new Date(), 'yyyy-MM-dd')))}
            >
              Export {e.label}
            </button>
          ))}
        </div>
      </CardSection>
      <CardSection id="rebuilds" title="Projection rebuilds">
        {rebuilds.length === 0 ? (
          <p className="text-sm text-gray-500">No rebuild running</p>
        ) : (
          <ul className="space-y-2">
            {rebuilds.map((r) => (
              <li key={r.name} className="text-sm">
                <p className="mb-1">{r.name}</p>
                <ProgressBar value={r.progress ?? 0} label={`Rebuild of ${r.name}`} />
              </li>
            ))}
          </ul>
        )}
      </CardSection>
      <h2 className="text-lg font-semibold">Exports</h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-gray-500">No exports yet</p>
      ) : (
        <ul className="space-y-3">
          {jobs.map((job) => (
            <li key={job.id} className={card}>
              <div className="mb-2 flex items-center justify-between text-sm">
                <span>
                  <span className="font-medium">{job.label}</span>{' '}
                  <span className="text-xs text-gray-500">started {formatAdminDate(job.startedAt)}</span>
                </span>
                <button type="button" className="text-xs text-gray-500 hover:underline" onClick={() => forgetJob(job.id)}>
                  Remove
                </button>
              </div>
              <JobProgress
                jobId={job.id}
                label={job.label}
                fileName={job.fileName}
                autoDownload={!job.downloaded}
                onDownloaded={() => markDownloaded(job.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
