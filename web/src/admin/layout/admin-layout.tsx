import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../app/store';
import { clearSession, isTwoFactorPending, sessionStaffRole, sessionToken, sessionUsername } from '../auth/admin-session';
import { useLogoutMutation } from '../auth/auth-api';
import { navFor, TWO_FACTOR_SETUP_PATH } from './admin-nav';
import { useLiveUpdates } from '../shared/live-updates';
import { useNewOrderToast } from '../orders/use-new-order-toast';

/**
 * Back-office frame: a sidebar with the links the staff member's role may follow, and Logout. Under 640 px (Tailwind's `sm`)
 * the sidebar hides behind a Menu toggle; choosing a link closes it again.
 */
export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const username = sessionUsername();
  const role = sessionStaffRole();
  // Read at each render: the set-up page clears it, and the next page shows the whole menu.
  const twoFactorPending = isTwoFactorPending();
  // New orders and status changes show on every open page without a reload.
  useLiveUpdates();
  useNewOrderToast();

  useEffect(() => setMenuOpen(false), [location.pathname]);

  const [endSessionOnServer, { isLoading: loggingOut }] = useLogoutMutation();

  const logout = async () => {
    // The server ends every copy of the token (renewed ones, other tabs and devices); a failure
    // there still signs this browser out.
    if (sessionToken()) await endSessionOnServer().unwrap().catch(() => undefined);
    clearSession();
    // Cached admin answers must not outlive the session.
    dispatch(api.util.resetApiState());
    navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-screen bg-gray-100 text-gray-900 sm:flex">
      <header className="flex items-center justify-between bg-gray-900 px-4 py-3 text-white sm:hidden">
        <span className="font-semibold">Poster Shop Admin</span>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
          className="rounded border border-white/30 px-3 py-1 text-sm"
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </header>
      <nav
        id="admin-sidebar"
        aria-label="Admin"
        className={`${menuOpen ? 'block' : 'hidden'} w-full shrink-0 bg-gray-900 text-gray-100 sm:sticky sm:top-0 sm:block sm:h-screen sm:w-60 sm:overflow-y-auto`}
      >
        <div className="hidden px-5 py-5 sm:block">
          <p className="text-lg font-bold">Poster Shop Admin</p>
          {username && (
            <p className="mt-1 truncate text-xs text-gray-400">
              Signed in as {username}
              {role && role !== 'owner' ? ` (${role})` : ''}
            </p>
          )}
        </div>
        <ul className="space-y-0.5 px-2 pb-4">
          {navFor(role, twoFactorPending).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-gray-700 font-semibold text-white' : 'text-gray-300 hover:bg-gray-800 hover:text-white'}`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => void logout()} disabled={loggingOut} className="block w-full rounded-md px-3 py-2 text-left text-sm text-gray-300 hover:bg-gray-800 hover:text-white">
              Logout
            </button>
          </li>
        </ul>
      </nav>
      <main className="min-w-0 flex-1 px-2 py-4 sm:p-6">
        {twoFactorPending && location.pathname !== TWO_FACTOR_SETUP_PATH ? <Navigate to={TWO_FACTOR_SETUP_PATH} replace /> : <Outlet />}
      </main>
    </div>
  );
}
