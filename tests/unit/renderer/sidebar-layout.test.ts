import { describe, expect, it } from 'vitest';
import {
  SIDEBAR_TRANSITION_MS,
  defaultSidebarCollapsed,
  resolveSidebarMode,
  sidebarWidth,
} from '../../../src/renderer/layout/sidebar-layout';

describe('sidebar defaults and toggling', () => {
  it('starts collapsed on laptop and expanded on larger screens', () => {
    expect(defaultSidebarCollapsed('laptop')).toBe(true);
    expect(resolveSidebarMode('laptop', null)).toBe('collapsed');
    expect(resolveSidebarMode('high-res-laptop', null)).toBe('expanded');
    expect(resolveSidebarMode('xl-desktop', null)).toBe('expanded');
    expect(resolveSidebarMode('ultra-wide', null)).toBe('expanded');
  });

  it('follows the user toggle on laptop and larger', () => {
    expect(resolveSidebarMode('laptop', false)).toBe('expanded');
    expect(resolveSidebarMode('ultra-wide', true)).toBe('collapsed');
  });

  it('always uses the drawer on mobile and tablet, whatever the toggle', () => {
    expect(resolveSidebarMode('mobile', false)).toBe('drawer');
    expect(resolveSidebarMode('tablet', true)).toBe('drawer');
  });

  it('is 80px collapsed, 256px expanded, 280px expanded on high-res and wider', () => {
    expect(sidebarWidth('laptop', 'collapsed')).toBe(80);
    expect(sidebarWidth('ultra-wide', 'collapsed')).toBe(80);
    expect(sidebarWidth('laptop', 'expanded')).toBe(256);
    expect(sidebarWidth('high-res-laptop', 'expanded')).toBe(280);
    expect(sidebarWidth('xl-desktop', 'expanded')).toBe(280);
    expect(sidebarWidth('ultra-wide', 'expanded')).toBe(280);
    expect(sidebarWidth('mobile', 'drawer')).toBe(0);
  });

  it('animates over 300 ms', () => {
    expect(SIDEBAR_TRANSITION_MS).toBe(300);
  });
});
