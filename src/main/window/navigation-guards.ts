import type { DesktopLog } from '../log';
import { isOpenableExternalUrl, type ShellLike } from '../security/external-url';

type OpenHandlerResult = { action: 'deny' };

/** The slice of WebContents the guards hook into. */
export interface GuardedWebContents {
  setWindowOpenHandler(handler: (details: { url: string }) => OpenHandlerResult): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (details: { url: string; preventDefault(): void }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
}

function openInBrowser(shell: ShellLike, log: DesktopLog, url: string): void {
  if (!isOpenableExternalUrl(url)) {
    log.warn('blocked a link that is not http(s) or mailto');
    return;
  }
  shell.openExternal(url).catch((error: unknown) =>
    log.warn('could not open a link in the browser', { reason: error instanceof Error ? error.message : 'unknown' }),
  );
}

/** No new Electron windows, ever: http(s) and mailto links go to the system, anything else is dropped. */
export function createWindowOpenHandler(shell: ShellLike, log: DesktopLog) {
  return (details: { url: string }): OpenHandlerResult => {
    openInBrowser(shell, log, details.url);
    return { action: 'deny' };
  };
}

/**
 * The window only ever shows our renderer. Navigating (or being redirected) anywhere else is
 * cancelled; a web link the user followed opens in the system browser instead.
 */
export function createNavigationGuard(isAppUrl: (url: string) => boolean, shell: ShellLike, log: DesktopLog) {
  return (details: { url: string; preventDefault(): void }): void => {
    if (isAppUrl(details.url)) return;
    details.preventDefault();
    openInBrowser(shell, log, details.url);
  };
}

export function installNavigationGuards(
  webContents: GuardedWebContents,
  options: { isAppUrl: (url: string) => boolean; shell: ShellLike; log: DesktopLog },
): void {
  webContents.setWindowOpenHandler(createWindowOpenHandler(options.shell, options.log));
  const guard = createNavigationGuard(options.isAppUrl, options.shell, options.log);
  webContents.on('will-navigate', guard);
  webContents.on('will-redirect', guard);
  webContents.on('will-attach-webview', (event) => event.preventDefault());
}
