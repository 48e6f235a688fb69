// The full Mantine stylesheet: the app and its many components load it with their first page; the
// marketing and auth pages get only the component styles they use (app/public-styles.ts).
import '@mantine/core/styles.layer.css';
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
