/** Longest URL we hand to the OS; browsers cope with more, but nothing legitimate needs it. */
export const MAX_EXTERNAL_URL_LENGTH = 2048;

/**
 * Only web and email links leave the app (the billing and contact pages use mailto:);
 * file:, javascript:, custom protocol handlers and the like never do.
 */
export function isOpenableExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_EXTERNAL_URL_LENGTH) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' || parsed.protocol === 'mailto:';
  } catch {
    return false;
  }
}

/** The slice of Electron's shell used to open links in the system browser. */
export interface ShellLike {
  openExternal(url: string): Promise<void>;
}
