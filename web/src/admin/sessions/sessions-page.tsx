import type { StaffSessionDto } from '../../api/generated-admin';
import { can } from '../../../../libs/domain/src/admin/staff-permissions';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { sessionStaffRole } from '../auth/admin-session';
import { btnSecondary, card, errorPanel, pageTitle, td, th } from '../shared/styles';
import { useEndOwnSessionMutation, useEndStaffSessionMutation, useGetOwnSessionsQuery, useGetStaffSessionsQuery } from './sessions-api';

const when = (iso: string) => new Date(iso).toLocaleString();

function SessionsTable({ title, sessions, showMember, onEnd }: { title: string; sessions: StaffSessionDto[] | undefined; showMember: boolean; onEnd: (s: StaffSessionDto) => void }) {
  return (
    <section className={card} aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {sessions && sessions.length === 0 ? (
        <p className="text-sm text-gray-600">No open sessions.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full">
            <thead>
              <tr>
                {showMember && <th className={th}>Member</th>}
                <th className={th}>Device</th>
                <th className={th}>Address</th>
                <th className={th}>Signed in</th>
                <th className={th}>Last seen</th>
                <th className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions?.map((s) => (
                <tr key={s.sessionId} data-session-id={s.sessionId} data-member={s.username}>
                  {showMember && <td className={td}>{s.username}</td>}
                  <td className={td}>
                    {s.device}
                    {s.current && <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs text-indigo-700">this session</span>}
                  </td>
                  <td className={td}>{s.clientAddress}</td>
                  <td className={td}>{when(s.signedInAt)}</td>
                  <td className={td}>{when(s.lastSeenAt)}</td>
                  <td className={td}>
                    <button type="button" className={btnSecondary} onClick={() => onEnd(s)} aria-label={`End session of ${s.username} on ${s.device}`}>
                      End session
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One's own open sessions, each of which can be ended; an owner also sees and ends everyone's. */
export function SessionsPage() {
  const seesAll = can(sessionStaffRole() ?? 'agent', 'staff.manage');
  const own = useGetOwnSessionsQuery();
  const all = useGetStaffSessionsQuery(undefined, { skip: !seesAll });
  const [endOwn] = useEndOwnSessionMutation();
  const [endAny] = useEndStaffSessionMutation();
  const toast = useToast();

  const end = async (session: StaffSessionDto, run: () => Promise<unknown>) => {
    try {
      await run();
      toast.success(`Session of ${session.username} on ${session.device} ended`);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Could not end the session'));
    }
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Sessions</h1>
      {(own.isError || all.isError) && <p className={errorPanel}>Could not load the sessions.</p>}
      <SessionsTable title="Your sessions" sessions={own.data} showMember={false} onEnd={(s) => void end(s, () => endOwn(s.sessionId).unwrap())} />
      {seesAll && <SessionsTable title="Everyone's sessions" sessions={all.data} showMember onEnd={(s) => void end(s, () => endAny(s.sessionId).unwrap())} />}
    </div>
  );
}
