import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { DISMISSED_USAGE_ALERTS_STORAGE_KEY } from './storage-keys';
import { widthToBreakpoint, type Breakpoint } from '../layout/breakpoints';

/** Latest window size, from platform.onWindowResize (see layout/WindowSizeSync). */
export const windowWidthAtom = atom<number>(typeof window === 'undefined' ? 1280 : window.innerWidth);
export const breakpointAtom = atom<Breakpoint>((get) => widthToBreakpoint(get(windowWidthAtom)));

/** The user's sidebar toggle, or null to use the breakpoint's default. Reset when the breakpoint changes. */
export const sidebarUserCollapsedAtom = atom<boolean | null>(null);
export const mobileDrawerOpenAtom = atom(false);

/** The latest message for screen readers, announced by the shell's aria-live region. */
export const announcementAtom = atom<{ id: number; message: string } | null>(null);
export const announceAtom = atom(null, (get, set, message: string) => {
  set(announcementAtom, { id: (get(announcementAtom)?.id ?? 0) + 1, message });
});

export type OrganizationSetupStatus = 'idle' | 'scheduled' | 'running' | 'done' | 'failed';
/** Progress of the post-sign-in organization setup; the shell waits while it is scheduled or running. */
export const organizationSetupStatusAtom = atom<OrganizationSetupStatus>('idle');

export type InvitationStatus = 'idle' | 'running' | 'done';
/** Progress of accepting an invitation after sign-in; the shell waits while it runs (no setup screen flash). */
export const invitationStatusAtom = atom<InvitationStatus>('idle');

/**
 * Usage alerts the user dismissed, by usageAlertKey(). Remembered in browser storage: the key
 * includes the alert's type and severity, so an alert that gets worse shows again.
 */
export const dismissedUsageAlertsAtom = atomWithStorage<string[]>(
  DISMISSED_USAGE_ALERTS_STORAGE_KEY,
  [],
  createJSONStorage<string[]>(() => window.localStorage),
  { getOnInit: true },
);
