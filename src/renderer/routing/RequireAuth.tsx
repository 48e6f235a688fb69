import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../data/auth/use-session';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { LOGIN_PATH } from './paths';

/** The /app guard: a spinner while auth loads, signed-out users go to /login (and come back after). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <FullPageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
