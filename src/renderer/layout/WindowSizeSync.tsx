import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { platform } from '../platform';
import { breakpointAtom, sidebarUserCollapsedAtom, windowWidthAtom } from '../state/ui-atoms';

/**
 * Feeds the window width from the platform (resize events on the web, the preload's window-size
 * events on the desktop) into the layout atoms, and forgets the sidebar toggle when the
 * breakpoint changes so each breakpoint starts from its own default.
 */
export function WindowSizeSync() {
  const setWidth = useSetAtom(windowWidthAtom);
  const breakpoint = useAtomValue(breakpointAtom);
  const setUserCollapsed = useSetAtom(sidebarUserCollapsedAtom);

  useEffect(() => platform.onWindowResize(({ width }) => setWidth(width)), [setWidth]);
  useEffect(() => setUserCollapsed(null), [breakpoint, setUserCollapsed]);
  return null;
}
