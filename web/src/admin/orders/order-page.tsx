import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { errorMessage } from '../../lib/api';
import { sessionStaffRole } from '../auth/admin-session';
import { formatMoney } from '../../lib/money';
import { formatAdminDate } from '../shared/format-date';
import { btnSecondary, errorPanel, pageTitle } from '../shared/styles';
import { CorrectCustomerDialog } from './correct-customer-dialog';
import { OrderDetails } from './order-details';
import { orderPath } from './order-model';
import { OrderStatusControl } from './order-status-control';
import { useGetOrderByNumberQuery } from './orders-api';
import { PhoneRiskBadge } from './phone-risk-badge';
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
  const role = sessionStaffRole();
  const mayCorrect = role !== null && can(role, 'orders.confirm');

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
            Placed {formatAdminDate(order.createdAt)} · {formatMoney(order.total)} · <PhoneRiskBadge risk={order.phoneRisk} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {mayCorrect && (
            <button type="button" className={btnSecondary} onClick={() => setCorrecting(true)}>
              Correct customer details
            </button>
          )}
          <OrderStatusControl order={order} />
        </div>
      </div>
      {correcting && <CorrectCustomerDialog order={order} onClose={() => setCorrecting(false)} />}
      <div className="overflow-hidden rounded-lg border border-gray-200 bg-white">
        <OrderDetails order={order} />
      </div>
      <OrderMessages orderId={order.id} />
    </div>
  );
}
