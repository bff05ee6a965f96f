import { useState } from 'react';
import { Field } from '../shared/field';
import { ListStates } from '../shared/list-states';
import { Pager } from '../shared/pager';
import { card, input, pageTitle } from '../shared/styles';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { sessionStaffRole } from '../auth/admin-session';
import { MessageRows } from './message-rows';
import { MessageTemplatesEditor } from './message-templates-editor';
import type { GetMessagesApiArg } from '../../api/generated-admin';
import { useGetMessagesQuery } from './messages-api';

const PAGE_SIZE = 50;
const STATUSES = ['pending', 'sent', 'failed', 'unknown', 'canceled', 'skipped', 'expired'] as const;

/**
 * Messages to customers, newest first: what was sent (and by which provider; the built-in log
 * provider sends nothing and shows here what it would have sent), what waits out the undo window,
 * and what failed, with a retry.
 */
export function MessagesPage() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useGetMessagesQuery({ status: (status || undefined) as GetMessagesApiArg['status'], page, size: PAGE_SIZE }, { refetchOnMountOrArgChange: true, pollingInterval: 5000 });
  const rows = data?.data ?? [];
  const role = sessionStaffRole();
  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Messages</h1>
      <form className={`${card} max-w-xs`} aria-label="Filter messages" onSubmit={(e) => e.preventDefault()}>
        <Field id="messages-status" label="Status">
          <select
            id="messages-status"
            className={input}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      </form>
      <div className={card}>
        <ListStates isLoading={isLoading} isError={isError} isEmpty={rows.length === 0} loading="Loading messages..." failed="Failed to load messages" empty="No messages match">
          <div className="overflow-x-auto">
            <MessageRows messages={rows} showOrder />
          </div>
        </ListStates>
        <Pager page={data} shown={rows.length} onPage={setPage} />
      </div>
      {role !== null && can(role, 'messages.templates') && <MessageTemplatesEditor />}
    </div>
  );
}
