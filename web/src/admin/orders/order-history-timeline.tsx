import { formatMoney } from '../../lib/money';
import { formatAdminDate } from '../shared/format-date';
import { sizeLabel } from './order-model';
import { governorateName, statusName } from '../shared/names';
import { staffMemberLabel } from '../shared/staff-role-label';
import { useGetOrderHistoryQuery, type OrderHistoryEntry } from './orders-api';

const TYPE_LABELS: Record<string, string> = {
  OrderPlaced: 'Order placed',
  OrderStatusChanged: 'Status changed',
  PersonalDataCorrected: 'Customer details corrected',
  OrderEdited: 'Order edited',
  OrderNoteAdded: 'Staff note added',
  OrderReturned: 'Goods returned',
  RefundRecorded: 'Refund handed back',
  SettlementLineRecorded: 'Courier file line',
};

const FIGURE_NAMES: Readonly<Record<string, string>> = {
  subtotal: 'Subtotal', discountFromPromotions: 'Discounts', discountFromPromoCode: 'Promo code', shippingCost: 'Shipping', codFee: 'COD fee', total: 'Total',
};

type EditLine = { name?: unknown; size?: unknown; quantity?: unknown };
const lineText = (l: EditLine) => `${String(l.name ?? '')}${l.size ? ` ${sizeLabel(String(l.size))}` : ''} × ${String(l.quantity ?? 0)}`;

/**
 * An edit as a diff: the personal fields that changed (by name: their values stay out of the
 * trail), the governorate, each money figure (piastres) and the lines, before → after.
 */
function describeEdit(changes: Record<string, unknown> | null | undefined): string[] {
  if (!changes || typeof changes !== 'object') return [];
  const out: string[] = [];
  const corrected = Array.isArray(changes.corrected) ? changes.corrected : [];
  if (corrected.length > 0) out.push(`customer details changed: ${corrected.join(', ')}`);
  const gov = changes.governorate as { from?: unknown; to?: unknown } | undefined;
  if (gov) out.push(`governorate: ${governorateName(String(gov.from ?? ''))} → ${governorateName(String(gov.to ?? ''))}`);
  const lines = changes.lines as { from?: EditLine[]; to?: EditLine[] } | undefined;
  if (lines) out.push(`lines: ${(lines.from ?? []).map(lineText).join(', ') || 'none'} → ${(lines.to ?? []).map(lineText).join(', ') || 'none'}`);
  const totals = (changes.totals ?? {}) as Record<string, { from?: unknown; to?: unknown }>;
  for (const [key, pair] of Object.entries(totals)) out.push(`${FIGURE_NAMES[key] ?? key}: ${formatMoney(Number(pair.from ?? 0) / 100)} → ${formatMoney(Number(pair.to ?? 0) / 100)}`);
  if (typeof changes.reason === 'string' && changes.reason) out.push(`reason: ${changes.reason}`);
  return out;
}

function actorLabel(actor: OrderHistoryEntry['actor']): string {
  if (!actor) return 'Unknown';
  if (actor.kind === 'admin') return staffMemberLabel(actor.id, actor.role);
  if (actor.kind === 'shopper') return 'Customer';
  if (actor.kind === 'courier') return `${actor.id} (courier)`;
  return actor.kind === 'system' ? 'System' : `${actor.kind} ${actor.id}`;
}

/** A status change that undid SHIPPED, DELIVERED or REFUSED to correct a mistake. */
const isCorrectionEntry = (entry: OrderHistoryEntry) => (entry.changes as { correction?: unknown } | null | undefined)?.correction === true;

const show = (value: unknown) => (value === null || value === undefined ? 'none' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Fields whose values are codes a manager reads by name: Placed → Shipped, Cairo → Giza. */
const NAMED_FIELDS: Readonly<Record<string, (code: string) => string>> = { status: statusName, governorate: governorateName };
const showField = (key: string, value: unknown) => (typeof value === 'string' && NAMED_FIELDS[key] ? NAMED_FIELDS[key](value) : show(value));

/** "status: Placed → Shipped" for {from, to} pairs (nested or at the top), else key: value. */
function describeChanges(changes: Record<string, unknown> | null | undefined): string[] {
  if (!changes || typeof changes !== 'object') return [];
  if ('from' in changes && 'to' in changes) {
    const rest = Object.entries(changes).filter(([k]) => !['from', 'to', 'orderId', 'orderNumber', 'correction'].includes(k));
    return [`status: ${showField('status', changes.from)} → ${showField('status', changes.to)}`, ...rest.filter(([, v]) => v !== null).map(([k, v]) => `${k}: ${showField(k, v)}`)];
  }
  return Object.entries(changes).filter(([key, value]) => key !== 'correction' && value !== null && value !== undefined).map(([key, value]) => {
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      const pair = value as { from: unknown; to: unknown };
      return `${key}: ${showField(key, pair.from)} → ${showField(key, pair.to)}`;
    }
    return `${key}: ${showField(key, value)}`;
  });
}

/** The order's audit trail: every event with who, when and what changed. */
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
              <p className="font-medium text-gray-900">
                {isCorrectionEntry(entry) ? (
                  <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-900" data-testid="correction">
                    Correction
                  </span>
                ) : (
                  (TYPE_LABELS[entry.type] ?? entry.type)
                )}
              </p>
              <p className="text-gray-600">
                {formatAdminDate(entry.time)} · by {actorLabel(entry.actor)}
              </p>
              {entry.type !== 'OrderPlaced' &&
                entry.type !== 'OrderNoteAdded' &&
                (entry.type === 'OrderEdited' ? describeEdit(entry.changes) : describeChanges(entry.changes)).map((line) => (
                  <p key={line} className="text-gray-700">
                    {line}
                  </p>
                ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
