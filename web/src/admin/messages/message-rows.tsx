import { useState } from 'react';
import { Link } from 'react-router';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { sessionStaffRole } from '../auth/admin-session';
import { orderPath } from '../orders/order-model';
import { formatAdminDate } from '../shared/format-date';
import { td, th } from '../shared/styles';
import { CHANNEL_LABELS, KIND_LABELS, statusTone, useGetMessageQuery, useRetryMessageMutation, type CustomerMessage } from './messages-api';

/** A table of messages: the Messages page's, and one order's on its page. */
export function MessageRows({ messages, showOrder }: { messages: CustomerMessage[]; showOrder: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  const role = sessionStaffRole();
  const mayRetry = role !== null && can(role, 'messages.retry');
  const [retry, retryState] = useRetryMessageMutation();
  const toast = useToast();

  const sendAgain = async (m: CustomerMessage) => {
    try {
      await retry(m.id).unwrap();
      toast.success('Sending again', `${KIND_LABELS[m.kind] ?? m.kind} to order ${m.orderNumber} is tried again within a few seconds`);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to send the message again'));
    }
  };

  return (
    <table className="min-w-full" aria-label="Messages">
      <thead>
        <tr>
          <th className={th}>When</th>
          {showOrder && <th className={th}>Order</th>}
          <th className={th}>Message</th>
          <th className={th}>Channel</th>
          <th className={th}>Status</th>
          <th className={th}></th>
        </tr>
      </thead>
      <tbody>
        {messages.map((m) => (
          <MessageRow key={m.id} m={m} showOrder={showOrder} open={open === m.id} onToggle={() => setOpen(open === m.id ? null : m.id)}>
            {mayRetry && m.retryable && (
              <button type="button" className="rounded-md border border-red-300 bg-red-50 px-2 py-1 text-xs font-medium text-red-800 hover:bg-red-100 disabled:opacity-50" disabled={retryState.isLoading} onClick={() => void sendAgain(m)}>
                Retry
              </button>
            )}
          </MessageRow>
        ))}
      </tbody>
    </table>
  );
}

function MessageRow({ m, showOrder, open, onToggle, children }: { m: CustomerMessage; showOrder: boolean; open: boolean; onToggle: () => void; children: React.ReactNode }) {
  const columns = showOrder ? 6 : 5;
  return (
    <>
      <tr className="border-t border-gray-100" data-testid="message-row">
        <td className={`${td} whitespace-nowrap`}>{formatAdminDate(m.factAt)}</td>
        {showOrder && (
          <td className={td}>
            <Link to={orderPath(m.orderNumber)} className="text-indigo-700 hover:underline">
              {m.orderNumber}
            </Link>
          </td>
        )}
        <td className={td}>{KIND_LABELS[m.kind] ?? m.kind}</td>
        <td className={td}>
          {CHANNEL_LABELS[m.channel] ?? m.channel}
          {m.provider && <span className="block text-xs text-gray-500">via {m.provider}</span>}
        </td>
        <td className={td}>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone(m.status)}`}>{m.status}</span>
          {m.attempts > 1 && <span className="ml-1 text-xs text-gray-500">{m.attempts} attempts</span>}
          {m.lastError && <span className="block text-xs text-red-700">{m.lastError}</span>}
        </td>
        <td className={`${td} whitespace-nowrap`}>
          <button type="button" className="mr-2 text-xs font-medium text-indigo-700 hover:underline" aria-expanded={open} onClick={onToggle}>
            {open ? 'Hide' : 'Show'}
          </button>
          {children}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={columns} className="bg-gray-50 px-4 py-3">
            <MessageText id={m.id} />
          </td>
        </tr>
      )}
    </>
  );
}

/** What the message says (or would say: the log provider sends nothing), composed from the log as sent. */
function MessageText({ id }: { id: string }) {
  const { data, isLoading, isError } = useGetMessageQuery(id);
  if (isLoading) return <p className="text-sm text-gray-500">Loading the message...</p>;
  if (isError || !data) return <p className="text-sm text-red-700">Failed to load the message</p>;
  if (data.body === null) return <p className="text-sm text-gray-600">No text: the shopper gave no address for this channel, or was erased.</p>;
  return (
    <div className="space-y-1 text-sm" data-testid="message-text" dir={data.language === 'ar' ? 'rtl' : 'ltr'} lang={data.language}>
      <p className="text-xs text-gray-500" dir="ltr">
        To {data.to}
      </p>
      {data.subject && <p className="font-medium">{data.subject}</p>}
      {data.whatsapp && (
        <p className="text-xs text-gray-500" dir="ltr">
          WhatsApp template {data.whatsapp.template} ({data.whatsapp.language}): {data.whatsapp.parameters.join(' · ')}
        </p>
      )}
      <pre className="whitespace-pre-wrap font-sans">{data.body}</pre>
    </div>
  );
}
