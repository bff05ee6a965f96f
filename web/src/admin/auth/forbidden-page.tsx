import { Link } from 'react-router';
import { ADMIN_NAV, homeFor } from '../layout/admin-nav';
import { btnPrimary, card, pageTitle } from '../shared/styles';
import { sessionStaffRole } from './admin-session';

/** A page the role may not open, reached by a deep link: say so, and offer the way back to one it may. */
export function ForbiddenPage() {
  const home = homeFor(sessionStaffRole());
  const label = ADMIN_NAV.find((item) => item.to === home)?.label ?? 'sign-in';
  return (
    <div className={`${card} max-w-xl space-y-3`} role="alert">
      <h1 className={pageTitle}>Your role cannot open this page</h1>
      <p className="text-sm text-gray-700">Ask the shop owner if you need it for your work.</p>
      <Link to={home} className={btnPrimary}>
        Back to {label}
      </Link>
    </div>
  );
}
