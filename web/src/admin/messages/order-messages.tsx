import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { sessionStaffRole } from '../auth/admin-session';
import { MessageRows } from './message-rows';
import { useGetMessagesQuery } from './messages-api';

/** One order's messages on its page; a failure is called out above them. Shown to those who may read messages. */
export function OrderMessages({ orderId }: { orderId: string }) {
  const role = sessionStaffRole();
  const allowed = role !== null && can(role, 'messages.read');
  const { data } = useGetMessagesQuery({ orderId, size: 50 }, { skip: !allowed, pollingInterval: 10_000 });
  if (!allowed || !data || data.data.length === 0) return null;
  const failed = data.data.filter((m) => m.status === 'failed' || m.status === 'unknown');
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4" aria-label="Messages to the customer">
      <h2 className="mb-2 text-lg font-semibold">Messages to the customer</h2>
      {failed.length > 0 && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {failed.length === 1 ? 'A message to this customer failed' : `${failed.length} messages to this customer failed`}: see below, and retry once the cause is fixed.
        </p>
      )}
      <div className="overflow-x-auto">
        <MessageRows messages={data.data} showOrder={false} />
      </div>
    </section>
  );
}
