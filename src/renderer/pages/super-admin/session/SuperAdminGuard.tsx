import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { guardDecision } from './session-logic';
import { useSuperAdminSession } from './SuperAdminSessionProvider';

export const SUPER_ADMIN_LOGIN_PATH = '/super-admin/login';

/** Lets only a signed-in super admin through; shows a spinner while the session loads. */
export function SuperAdminGuard() {
  const { state } = useSuperAdminSession();
  const location = useLocation();
  const decision = guardDecision(state);

  if (decision === 'wait') {
    return (
      <Center mih="100vh" role="status" aria-live="polite">
        <Loader aria-label="Checking your administrator session" />
      </Center>
    );
  }
  if (decision === 'redirect-to-login') {
    return <Navigate to={SUPER_ADMIN_LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
