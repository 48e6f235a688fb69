import type { RendererLocation } from '../renderer-location';

/** The parts of an IPC event that say who sent it (Electron's IpcMainInvokeEvent has them). */
export interface IpcSenderInfo {
  senderFrame: { url: string; parent: unknown } | null;
}

export type SenderGuard = (event: IpcSenderInfo) => boolean;

/**
 * Only our renderer's top frame may use privileged channels: an iframe or a page that navigated
 * elsewhere (should the navigation guard ever fail) must not reach the keychain.
 */
export function createSenderGuard(location: RendererLocation): SenderGuard {
  return (event) => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    return location.isAppUrl(frame.url);
  };
}

export class UntrustedSenderError extends Error {
  constructor(channel: string) {
    super(`Refused ${channel}: the request did not come from the Tracklint window.`);
    this.name = 'UntrustedSenderError';
  }
}
