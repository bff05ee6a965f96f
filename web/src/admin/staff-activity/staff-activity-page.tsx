import { useState } from 'react';
import { Link } from 'react-router';
import { orderPath } from '../orders/order-model';
import { Field } from '../shared/field';
import { formatAdminDate } from '../shared/format-date';
import { ListStates } from '../shared/list-states';
import { Pager } from '../shared/pager';
import { staffMemberLabel } from '../shared/staff-role-label';
import { card, input, pageTitle, td, th } from '../shared/styles';
import { describeActivity } from './describe-activity';
import { useGetStaffActivityMembersQuery, useGetStaffActivityQuery } from './staff-activity-api';

const PAGE_SIZE = 50;

/**
 * The owner's "Staff activity": what each staff member did to accounts and orders, newest first,
 * filtered by member and by shop days, paged on the server. Each order change links to its order.
 */
export function StaffActivityPage() {
  const [staff, setStaff] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const members = useGetStaffActivityMembersQuery(undefined, { refetchOnMountOrArgChange: true });
  const args = { staff: staff || undefined, from: from || undefined, to: to || undefined, page, size: PAGE_SIZE };
  const { data, isLoading, isError } = useGetStaffActivityQuery(args, { refetchOnMountOrArgChange: true });
  const rows = data?.data ?? [];
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Staff Activity</h1>
      <form className={`${card} grid max-w-3xl gap-3 sm:grid-cols-3 sm:items-end`} aria-label="Filter staff activity" onSubmit={(e) => e.preventDefault()}>
        <Field id="activity-staff" label="Staff member">
          <select id="activity-staff" className={input} value={staff} onChange={(e) => filter(setStaff)(e.target.value)}>
            <option value="">Everyone</option>
            {(members.data ?? []).map((m) => (
              <option key={m.username} value={m.username}>
                {m.username}
              </option>
            ))}
          </select>
        </Field>
        <Field id="activity-from" label="From">
          <input id="activity-from" type="date" className={input} value={from} onChange={(e) => filter(setFrom)(e.target.value)} />
        </Field>
        <Field id="activity-to" label="To">
          <input id="activity-to" type="date" className={input} value={to} onChange={(e) => filter(setTo)(e.target.value)} />
        </Field>
      </form>
      <div className={card}>
        <ListStates isLoading={isLoading} isError={isError} isEmpty={rows.length === 0} loading="Loading staff activity..." failed="Failed to load the staff activity" empty="No staff activity matches these filters">
          <div className="overflow-x-auto">
            <table className="min-w-full" aria-label="Staff activity">
              <thead>
                <tr>
                  <th className={th}>When</th>
                  <th className={th}>Staff member</th>
                  <th className={th}>What</th>
                  <th className={th}>Order</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.eventId} className="border-t border-gray-100" data-testid="activity-row">
                    <td className={`${td} whitespace-nowrap`}>{formatAdminDate(row.time)}</td>
                    <td className={td}>{staffMemberLabel(row.actor, row.actorRole)}</td>
                    <td className={td}>{describeActivity(row)}</td>
                    <td className={td}>
                      {row.orderNumber ? (
                        <Link to={orderPath(row.orderNumber)} className="text-indigo-700 hover:underline">
                          {row.orderNumber}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </ListStates>
        <Pager page={data} shown={rows.length} onPage={setPage} />
      </div>
    </div>
  );
}
