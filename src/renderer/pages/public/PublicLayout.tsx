import { Outlet } from 'react-router-dom';

/**
 * Frame of the public marketing pages. The marketing pages bring their own header, footer and
 * <main>; this layout exists so they share one redirect-if-signed-in guard.
 */
export function PublicLayout() {
  return <Outlet />;
}
