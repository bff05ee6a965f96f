import { formatMoney } from '../../lib/money';
import { ImageWithFallback } from '../shared/image-with-fallback';
import { OrderHistoryTimeline } from './order-history-timeline';
import { PriceExplanation } from '../../features/cart/components/price-explanation';
import { customerName, sizeLabel, type AdminOrder } from './order-model';
import { PhoneRiskBadge } from './phone-risk-badge';
import { governorateName } from '../shared/names';
import { isWithheld, Withheld } from '../shared/withheld';

function Field({ name, value }: { name: string; value: string | null }) {
  return (
    <div className="flex gap-2 text-sm">
      <dt className="w-32 shrink-0 text-gray-500">{name}</dt>
      <dd className="text-gray-900">{isWithheld(value) ? <Withheld /> : value || 'N/A'}</dd>
    </div>
  );
}

/** Once shipped with a courier: who carries it, and its tracking number, a link to the courier's page when there is one. */
function CourierTracking({ tracking }: { tracking: NonNullable<AdminOrder['courierTracking']> }) {
  return (
    <>
      <Field name="Courier" value={tracking.courier} />
      <div className="flex gap-2 text-sm">
        <dt className="w-32 shrink-0 text-gray-500">Tracking number</dt>
        <dd className="break-all text-gray-900" dir="ltr">
          {tracking.url ? (
            <a href={tracking.url} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
              {tracking.trackingNumber}
            </a>
          ) : (
            tracking.trackingNumber
          )}
        </dd>
      </div>
    </>
  );
}

function SummaryLine({ name, amount, negative }: { name: string; amount: number; negative?: boolean }) {
  return (
    <div className="flex justify-between text-sm">
      <dt className="text-gray-600">{name}</dt>
      <dd className="tabular-nums">{negative ? `- ${formatMoney(amount)}` : formatMoney(amount)}</dd>
    </div>
  );
}

/** The expanded row: customer info and delivery notes, order summary, items and the audit trail. */
export function OrderDetails({ order }: { order: AdminOrder }) {
  return (
    <div className="grid gap-6 bg-gray-50 p-4 lg:grid-cols-3">
      <section aria-label="Customer information">
        <h4 className="mb-2 text-sm font-semibold text-gray-800">Customer Information</h4>
        <dl className="space-y-1">
          <Field name="Name" value={customerName(order)} />
          <Field name="Phone" value={order.phone} />
          <PhoneRiskBadge risk={order.phoneRisk} />
          <Field name="Email" value={order.email} />
          <Field name="Address" value={order.addressLine} />
          <Field name="Building" value={order.building} />
          <Field name="Apartment" value={order.apartment} />
          <Field name="City" value={order.city} />
          <Field name="Governorate" value={governorateName(order.governorate)} />
          <Field name="Payment method" value={order.paymentMethod} />
          {order.paymentReference && <Field name="Payment reference" value={order.paymentReference} />}
          <Field name="Promo code" value={order.promoCode ?? 'None'} />
          {order.courierTracking && <CourierTracking tracking={order.courierTracking} />}
        </dl>
        {order.notes && (
          // What the courier needs at the door ("call before arriving"): set apart, never truncated.
          <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-2 text-sm" aria-label="Delivery notes">
            <p className="font-medium text-amber-900">Delivery notes</p>
            <p className="whitespace-pre-wrap break-words text-gray-900">{isWithheld(order.notes) ? <Withheld /> : order.notes}</p>
          </div>
        )}
      </section>
      <section aria-label="Order summary">
        <h4 className="mb-2 text-sm font-semibold text-gray-800">Order Summary</h4>
        <dl className="space-y-1">
          <SummaryLine name="Subtotal" amount={order.subtotal} />
          {order.discountFromPromoCode > 0 && <SummaryLine name="Promo code discount" amount={order.discountFromPromoCode} negative />}
          {order.discountFromPromotions > 0 && <SummaryLine name="Promotions discount" amount={order.discountFromPromotions} negative />}
          <SummaryLine name="Shipping" amount={order.shippingCost} />
          {order.codFee > 0 && <SummaryLine name="COD fee" amount={order.codFee} />}
          <div className="flex justify-between border-t border-gray-200 pt-1 text-sm font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatMoney(order.total)}</dd>
          </div>
        </dl>
      </section>
      <OrderHistoryTimeline orderId={order.id} />
      <section className="lg:col-span-3" aria-label="Order items">
        <h4 className="mb-2 text-sm font-semibold text-gray-800">Items</h4>
        <div className="relative overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="text-left text-xs uppercase text-gray-500">
                <th className="px-2 py-1">Image</th>
                <th className="px-2 py-1">Item</th>
                <th className="px-2 py-1">Size</th>
                <th className="px-2 py-1">Quantity</th>
                <th className="px-2 py-1 text-right">Price</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.itemId} className="border-t border-gray-200">
                  <td className="px-2 py-1">
                    <ImageWithFallback
                      src={item.customImagePath ?? item.imageUrl}
                      alt={item.name}
                      fallbackText={item.customImagePath ? 'Custom poster image not found' : 'No image available'}
                      linkToFull
                    />
                  </td>
                  <td className="px-2 py-1">
                    {item.name}
                    <PriceExplanation rules={item.priceRules} />
                  </td>
                  <td className="px-2 py-1">{sizeLabel(item.size)}</td>
                  <td className="px-2 py-1">{item.quantity}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatMoney(item.unitPrice * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
