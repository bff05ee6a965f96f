import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SESSION_CHECK_INTERVAL_MS, isSessionValid, sessionRole } from './admin-session';

/**
 * Protected wrapper: without a valid session the admin goes to /login carrying
 * where they came from; a role other than ADMIN goes to /. The session is rechecked on every route
 * change, every 5 minutes and whenever the tab becomes visible again.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;

  useEffect(() => {
    const check = () => {
      if (!isSessionValid()) navigate('/login', { replace: true, state: { from: window.location.pathname + window.location.search } });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [navigate]);

  if (!isSessionValid()) return <Navigate to="/login" replace state={{ from: here }} />;
  if (sessionRole() !== 'ADMIN') return <Navigate to="/" replace />;
  return <>{children}</>;
}
