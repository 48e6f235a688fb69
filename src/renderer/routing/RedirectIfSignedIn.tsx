import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../data/auth/use-session';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { DASHBOARD_PATH } from './paths';
import { returnPathFrom } from './return-path';

/**
 * Public and auth pages send a signed-in user to the dashboard (or back to the /app page the
 * guard sent them from). `allowRecovery`: the session a password-reset link creates must still
 * reach the set-new-password form, so /reset-password and /update-password let a user in the
 * recovery phase through. `renderWhileLoading`: public pages show at once instead of a spinner
 * while the session is restored (a signed-in visitor is then redirected).
 */
export function RedirectIfSignedIn({
  children,
  allowRecovery = false,
  renderWhileLoading = false,
}: {
  children?: ReactNode;
  allowRecovery?: boolean;
  renderWhileLoading?: boolean;
}) {
  const { user, loading, recovery } = useSession();
  const location = useLocation();
  if (loading && !renderWhileLoading) return <FullPageSpinner />;
  if (user && !(allowRecovery && recovery)) {
    return <Navigate to={returnPathFrom(location.state) ?? DASHBOARD_PATH} replace />;
  }
  return <>{children ?? <Outlet />}</>;
}
