import '../app/full-styles';
import { AppLayout } from '../shell/AppLayout';
import { AccessWrapper } from './AccessWrapper';
import { RequireAuth } from './RequireAuth';

/** /app's frame in its own chunk: the auth guards and the shell (sidebar, top bar). */
export function AppArea() {
  return (
    <RequireAuth>
      <AccessWrapper>
        <AppLayout />
      </AccessWrapper>
    </RequireAuth>
  );
}
