import { usesDrawer, type Breakpoint } from './breakpoints';

export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const SIDEBAR_EXPANDED_WIDTH = 256;
/** Used on high-res laptop, xl-desktop and ultra-wide screens. */
export const SIDEBAR_WIDE_EXPANDED_WIDTH = 280;
export const SIDEBAR_TRANSITION_MS = 300;

export type SidebarMode = 'expanded' | 'collapsed' | 'drawer';

/** Laptop starts collapsed (screen space is tight); larger screens start expanded. */
export function defaultSidebarCollapsed(breakpoint: Breakpoint): boolean {
  return breakpoint === 'laptop';
}

/**
 * The sidebar mode for a breakpoint. `userCollapsed` is the user's toggle choice, or null when
 * the user has not toggled since the breakpoint last changed (then the breakpoint's default applies).
 */
export function resolveSidebarMode(breakpoint: Breakpoint, userCollapsed: boolean | null): SidebarMode {
  if (usesDrawer(breakpoint)) return 'drawer';
  const collapsed = userCollapsed ?? defaultSidebarCollapsed(breakpoint);
  return collapsed ? 'collapsed' : 'expanded';
}

/** Width of the fixed sidebar in px; 0 in drawer mode (the drawer overlays the content). */
export function sidebarWidth(breakpoint: Breakpoint, mode: SidebarMode): number {
  if (mode === 'drawer') return 0;
  if (mode === 'collapsed') return SIDEBAR_COLLAPSED_WIDTH;
  return breakpoint === 'high-res-laptop' || breakpoint === 'xl-desktop' || breakpoint === 'ultra-wide'
    ? SIDEBAR_WIDE_EXPANDED_WIDTH
    : SIDEBAR_EXPANDED_WIDTH;
}
