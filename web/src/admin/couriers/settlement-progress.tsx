import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/store';
import { ProgressBar } from '../shared/progress-bar';
import { couriersApi, useGetSettlementQuery } from './couriers-api';

/**
 * An import's lines reach their orders after the answer (the projector applies them): polls its
 * progress each second, "applied N of M", until every line is recorded; then the final counts,
 * and the orders, dashboard and cash read again.
 */
export function SettlementProgress({ courierId, importId }: { courierId: string; importId: string }) {
  const [polling, setPolling] = useState(true);
  // A 404 is an import the read model has not seen yet: keep asking.
  const { data } = useGetSettlementQuery({ id: courierId, importId }, { pollingInterval: polling ? 1000 : 0 });
  const dispatch = useAppDispatch();
  const finished = data?.finished ?? false;
  useEffect(() => {
    if (!finished) return;
    setPolling(false);
    dispatch(couriersApi.util.invalidateTags(['Courier', 'Order', 'Dashboard', 'CallQueue']));
  }, [finished, dispatch]);

  const done = data?.done ?? 0;
  const toApply = data?.toApply ?? 0;
  return (
    <div className="space-y-1" aria-live="polite" data-testid="settlement-progress">
      <p className="text-sm text-gray-800">
        {finished
          ? `Done: ${data!.applied} applied, ${data!.unchanged} already recorded, ${data!.unmatched + data!.contradictory + data!.rejected} not applied`
          : data
            ? `Applied ${done} of ${toApply}`
            : 'Applying…'}
      </p>
      {!finished && <ProgressBar value={toApply === 0 ? 0 : (100 * done) / toApply} label="Import progress" />}
    </div>
  );
}
