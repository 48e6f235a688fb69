import { describe, expect, it } from 'vitest';
import { gridColumns, maxContentWidth, usesDrawer, widthToBreakpoint } from '../../../src/renderer/layout/breakpoints';

describe('widthToBreakpoint', () => {
  it.each([
    [0, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'laptop'],
    [1365, 'laptop'],
    // The spec leaves 1366..1439 open; we treat it as laptop.
    [1366, 'laptop'],
    [1439, 'laptop'],
    [1440, 'high-res-laptop'],
    [1919, 'high-res-laptop'],
    [1920, 'xl-desktop'],
    [2559, 'xl-desktop'],
    [2560, 'ultra-wide'],
    [5120, 'ultra-wide'],
  ] as const)('%i px → %s', (width, expected) => {
    expect(widthToBreakpoint(width)).toBe(expected);
  });

  it('treats a nonsense width as mobile rather than throwing', () => {
    expect(widthToBreakpoint(Number.NaN)).toBe('mobile');
  });
});

describe('layout per breakpoint', () => {
  it('uses the drawer only on mobile and tablet', () => {
    expect(usesDrawer('mobile')).toBe(true);
    expect(usesDrawer('tablet')).toBe(true);
    expect(usesDrawer('laptop')).toBe(false);
    expect(usesDrawer('ultra-wide')).toBe(false);
  });

  it('caps content width at 1200/1400/1600 on the large screens only', () => {
    expect(maxContentWidth('laptop')).toBeNull();
    expect(maxContentWidth('high-res-laptop')).toBe(1200);
    expect(maxContentWidth('xl-desktop')).toBe(1400);
    expect(maxContentWidth('ultra-wide')).toBe(1600);
  });

  it('grows grid columns from 1 to 6 with width', () => {
    const widths = [375, 800, 1200, 1600, 2000, 3000];
    expect(widths.map((w) => gridColumns(widthToBreakpoint(w)))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
