/**
 * Window-width breakpoints (spec section 2, "Responsive layout"; constants in section 9).
 * Pure: the width comes from platform.onWindowResize (browser resize events on the web,
 * the preload's window-size events on the desktop).
 */
export const BREAKPOINT_WIDTHS = {
  tablet: 768,
  laptop: 1024,
  /** 1366..1439 is not specified; see widthToBreakpoint. */
  laptopUpper: 1366,
  highResLaptop: 1440,
  xlDesktop: 1920,
  ultraWide: 2560,
} as const;

/**
 * The spec also names "desktop" (under 1920), but "high-res laptop" already covers 1440 to
 * under 1920 and everything below 1440 is laptop or smaller, so no width ever maps to it.
 */
export type Breakpoint = 'mobile' | 'tablet' | 'laptop' | 'high-res-laptop' | 'xl-desktop' | 'ultra-wide';

export function widthToBreakpoint(width: number): Breakpoint {
  if (!Number.isFinite(width) || width < BREAKPOINT_WIDTHS.tablet) return 'mobile';
  if (width < BREAKPOINT_WIDTHS.laptop) return 'tablet';
  // 1366 to under 1440 is left open by the spec. We treat it as laptop: a 1366px screen is the
  // classic laptop width, and a 256px sidebar plus content fits it only when the sidebar starts collapsed.
  if (width < BREAKPOINT_WIDTHS.highResLaptop) return 'laptop';
  if (width < BREAKPOINT_WIDTHS.xlDesktop) return 'high-res-laptop';
  if (width < BREAKPOINT_WIDTHS.ultraWide) return 'xl-desktop';
  return 'ultra-wide';
}

/** Mobile and tablet have no fixed sidebar; they use a drawer. */
export function usesDrawer(breakpoint: Breakpoint): boolean {
  return breakpoint === 'mobile' || breakpoint === 'tablet';
}

/** Max width of the main content column; null means "fill the available width". */
export function maxContentWidth(breakpoint: Breakpoint): number | null {
  switch (breakpoint) {
    case 'high-res-laptop':
      return 1200;
    case 'xl-desktop':
      return 1400;
    case 'ultra-wide':
      return 1600;
    default:
      return null;
  }
}

/** Grid columns for card grids, 1 on mobile up to 6 on ultra-wide screens. */
export function gridColumns(breakpoint: Breakpoint): number {
  const columns: Record<Breakpoint, number> = {
    mobile: 1,
    tablet: 2,
    laptop: 3,
    'high-res-laptop': 4,
    'xl-desktop': 5,
    'ultra-wide': 6,
  };
  return columns[breakpoint];
}
