import { formatAdminDate } from '../shared/format-date';
import { staffMemberLabel } from '../shared/staff-role-label';
import { staffSays } from '../shared/staff-wording';
import { useGetOrderHistoryQuery, type OrderHistoryEntry } from './orders-api';

function actorLabel(actor: OrderHistoryEntry['actor']): string {
  if (!actor) return 'Unknown';
  if (actor.kind === 'admin') return staffMemberLabel(actor.id, actor.role);
  if (actor.kind === 'shopper') return 'Customer';
  if (actor.kind === 'courier') return `${actor.id} (courier)`;
  return actor.kind === 'system' ? 'System' : `${actor.kind} ${actor.id}`;
}

/** A status change that undid SHIPPED, DELIVERED or REFUSED to correct a mistake. */
const isCorrectionEntry = (entry: OrderHistoryEntry) => entry.wording.code === 'order.statusCorrected';

/** The order's audit trail: every event as a sentence (the server's code and arguments, worded here), with who and when. */
export function OrderHistoryTimeline({ orderId }: { orderId: string }) {
  const { data = [], isLoading, isError } = useGetOrderHistoryQuery(orderId);
  return (
    <section aria-labelledby={`history-${orderId}`}>
      <h4 id={`history-${orderId}`} className="mb-2 text-sm font-semibold text-gray-800">
        History
      </h4>
      {isLoading ? (
        <p className="text-xs text-gray-500">Loading history...</p>
      ) : isError ? (
        <p className="text-xs text-red-700">Failed to load the order history</p>
      ) : data.length === 0 ? (
        <p className="text-xs text-gray-500">No history recorded</p>
      ) : (
        <ol className="relative space-y-3 border-l border-gray-300 pl-4" aria-label="Order timeline">
          {data.map((entry) => (
            <li key={entry.eventId} className="relative text-xs" data-testid="timeline-entry">
              <span className="absolute -left-[21px] top-1 h-2.5 w-2.5 rounded-full bg-indigo-600" aria-hidden="true" />
              <p className="font-medium text-gray-900" data-testid="timeline-says">
                {isCorrectionEntry(entry) && (
                  <span className="mr-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-amber-900" data-testid="correction">
                    Correction
                  </span>
                )}
                {staffSays(entry.wording)}
              </p>
              <p className="text-gray-600">
                {formatAdminDate(entry.time)} · by {actorLabel(entry.actor)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
