import type { AdminOrder } from './order-model';

/**
 * Cash-on-delivery history of the order's phone over all its orders: "refused 2 of 3", red when
 * the server judged the phone risky (thresholds in its configuration). Nothing for a phone that
 * never refused.
 */
export function PhoneRiskBadge({ risk }: { risk: AdminOrder['phoneRisk'] }) {
  if (risk.refused === 0) return null;
  const tone = risk.risky ? 'bg-red-100 text-red-800 ring-red-200' : 'bg-amber-50 text-amber-800 ring-amber-200';
  return (
    <span
      data-testid="phone-risk"
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${tone}`}
      title={`${risk.orders} orders from this phone: ${risk.delivered} delivered, ${risk.refused} refused, ${risk.canceled} canceled`}
    >
      {risk.risky ? 'Risky: ' : ''}refused {risk.refused} of {risk.orders}
    </span>
  );
}
