import { isOrderStatus, type OrderStatus } from '#domain/order/events.js';
import type { EditedLine, StaffWording } from '#domain/admin/staff-wording.js';
import { piastresToEgp } from '#domain/shared/money.js';

type Changes = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const count = (v: unknown): number => (Number.isSafeInteger(v) ? (v as number) : 0);
const egp = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** The trail keeps an order's and an edit's figures in piastres as the log does; staff read EGP. */
const egpOfPiastres = (v: unknown): number => (Number.isSafeInteger(v) ? piastresToEgp(v as number) : 0);
const status = (v: unknown): OrderStatus | null => (typeof v === 'string' && isOrderStatus(v) ? v : null);
const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : []);
const asObject = (v: unknown): Changes => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Changes) : {});

function editedLines(v: unknown): EditedLine[] {
  return (Array.isArray(v) ? v : []).map((l) => {
    const line = asObject(l);
    return { name: String(line.name ?? ''), size: text(line.size), quantity: count(line.quantity) };
  });
}

/**
 * What one row of an order's history says to staff: a code and its arguments (see
 * ORDER_HISTORY_WORDING), read from the row's recorded changes whatever version wrote them.
 */
export function orderHistoryWording(type: string, raw: unknown): StaffWording {
  const c = asObject(raw);
  switch (type) {
    case 'OrderPlaced':
      return {
        code: 'order.placed',
        args: { orderNumber: String(c.orderNumber ?? ''), total: egpOfPiastres(c.total), items: count(c.itemCount), paymentMethod: String(c.paymentMethod ?? ''), promoCode: text(c.promoCode) },
      };
    case 'OrderStatusChanged': {
      // The trail's first rows held the pair at the top; later ones under `status`.
      const pair = 'from' in c && 'to' in c ? c : asObject(c.status);
      const from = status(pair.from);
      const to = status(pair.to) ?? 'PLACED';
      if (c.correction === true) return { code: 'order.statusCorrected', args: { from, to, reason: text(c.reason) } };
      return { code: 'order.statusChanged', args: { from, to, reason: text(c.reason), courier: text(c.courier), trackingNumber: text(c.trackingNumber) } };
    }
    case 'PersonalDataCorrected':
      return { code: 'order.detailsCorrected', args: { fields: names(c.corrected) } };
    case 'OrderEdited': {
      const gov = c.governorate === undefined ? null : asObject(c.governorate);
      const lines = c.lines === undefined ? null : asObject(c.lines);
      return {
        code: 'order.edited',
        args: {
          fields: names(c.edited),
          governorate: gov && { from: text(gov.from), to: text(gov.to) },
          lines: lines && { from: editedLines(lines.from), to: editedLines(lines.to) },
          totals: Object.entries(asObject(c.totals)).map(([figure, pair]) => ({ figure, from: egpOfPiastres(asObject(pair).from), to: egpOfPiastres(asObject(pair).to) })),
          reason: text(c.reason),
        },
      };
    }
    case 'OrderNoteAdded':
      return { code: 'order.noteAdded', args: {} };
    case 'OrderReturned':
      return { code: 'order.returned', args: { items: count(c.itemCount), refund: egp(c.returned), reason: text(c.reason) } };
    case 'RefundRecorded':
      return { code: 'order.refunded', args: { amount: egp(c.refunded) } };
    case 'SettlementLineRecorded':
      return {
        code: 'order.settlementLine',
        args: { courier: String(c.courier ?? ''), trackingNumber: text(c.trackingNumber), line: Number.isSafeInteger(c.line) ? (c.line as number) : null, outcome: text(c.outcome), reason: text(c.reason) },
      };
    default:
      return { code: 'order.otherEvent', args: { type } };
  }
}
