import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { errorMessage } from '../shared/error-text';
import { sessionStaffRole } from '../auth/admin-session';
import { formatMoney } from '../../lib/money';
import { formatAdminDate } from '../shared/format-date';
import { btnSecondary, errorPanel, pageTitle } from '../shared/styles';
import { CorrectCustomerDialog } from './correct-customer-dialog';
import { EditOrderDialog } from './edit-order-dialog';
import { OrderNotes } from './order-notes';
import { isEditable } from './order-model';
import { ReturnOrderDialog } from './return-order-dialog';
import { OrderDetails } from './order-details';
import { orderPath } from './order-model';
import { OrderStatusControl } from './order-status-control';
import { OrderPaperworkButtons } from './paperwork-actions';
import { useGetOrderByNumberQuery } from './orders-api';
import { PhoneRiskBadge } from './phone-risk-badge';
import { ScreeningBadges } from './screening-badges';
import { OrderMessages } from '../messages/order-messages';

const backLink = (
  <Link to="/admin/orders" className="text-sm font-medium text-indigo-700 hover:underline">
    ← All orders
  </Link>
);

/**
 * One order at its own address (/admin/orders/<order number>): a reload, a link in a chat or a
 * note opens it again. Reached by id (the event browser knows streams, not numbers), it settles on
 * the number's address.
 */
export function OrderPage() {
  const { orderNumber = '' } = useParams();
  const navigate = useNavigate();
  const { data: order, isLoading, isError, error } = useGetOrderByNumberQuery(orderNumber);
  const [correcting, setCorrecting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [returning, setReturning] = useState(false);
  const role = sessionStaffRole();
  const mayCorrect = role !== null && can(role, 'orders.confirm');
  const mayEdit = role !== null && can(role, 'orders.edit');

  useEffect(() => {
    if (order && order.orderNumber !== orderNumber) navigate(orderPath(order.orderNumber), { replace: true });
  }, [order, orderNumber, navigate]);

  if (isLoading) return <p className="text-sm text-gray-500">Loading order...</p>;
  if (isError || !order) {
    const notFound = (error as { status?: unknown } | undefined)?.status === 404;
    return (
      <div className="space-y-4">
        {backLink}
        <h1 className={pageTitle}>{notFound ? 'Order not found' : 'Error loading order'}</h1>
        <div className={errorPanel} role="alert">
          {notFound ? `No order has the number ${orderNumber}.` : errorMessage(error, 'Failed to load the order. Please try again.')}
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {backLink}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className={pageTitle}>Order {order.orderNumber}</h1>
          <p className="text-sm text-gray-600">
            Placed {formatAdminDate(order.createdAt)} · {formatMoney(order.total)} · <PhoneRiskBadge risk={order.phoneRisk} /> <ScreeningBadges screening={order.screening} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {mayEdit && isEditable(order) && (
            <button type="button" className={btnSecondary} onClick={() => setEditing(true)}>
              Edit order
            </button>
          )}
          {order.status === 'DELIVERED' && role !== null && can(role, 'orders.return') && (
            <button type="button" className={btnSecondary} onClick={() => setReturning(true)}>
              Return goods…
            </button>
          )}
          {mayCorrect && (
            <button type="button" className={btnSecondary} onClick={() => setCorrecting(true)}>
              Correct customer details
            </button>
          )}
          <OrderPaperworkButtons orderNumber={order.orderNumber} />
          <OrderStatusControl order={order} />
        </div>
      </div>
      {correcting && <CorrectCustomerDialog order={order} onClose={() => setCorrecting(false)} />}
      {editing && <EditOrderDialog order={order} onClose={() => setEditing(false)} />}
      {returning && <ReturnOrderDialog order={order} onClose={() => setReturning(false)} />}
      <div className="overflow-hidden rounded-lg border border-gray-200 bg-white">
        <OrderDetails order={order} />
      </div>
      <div className="rounded-lg border border-gray-200 bg-white p-4">
        <OrderNotes order={order} />
      </div>
      <OrderMessages orderId={order.id} />
    </div>
  );
}
