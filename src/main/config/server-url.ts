/** Where `npm start` serves Tracklint locally; used when nothing else is configured. */
export const DEFAULT_SERVER_URL = 'http://localhost:8787';
export const SERVER_URL_ENV = 'TRACKLINT_SERVER_URL';

export type ServerUrlSource = 'env' | 'settings' | 'default';

export class InvalidServerUrl extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidServerUrl';
  }
}

/** Accepts http(s) URLs without credentials, query or fragment; drops trailing slashes. */
export function normalizeServerUrl(raw: string, origin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    throw new InvalidServerUrl(`${origin} is not a URL: "${raw}". Expected e.g. ${DEFAULT_SERVER_URL}.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InvalidServerUrl(`${origin} must be an http(s) URL, got "${raw}".`);
  }
  if (parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw new InvalidServerUrl(`${origin} must not contain credentials, a query or a fragment: "${raw}".`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** The environment wins (handy for CI and support), then the user's stored preference, then the default. */
export function resolveServerUrl(input: {
  env: Record<string, string | undefined>;
  settings: { serverUrl?: string };
}): { serverUrl: string; source: ServerUrlSource } {
  const fromEnv = input.env[SERVER_URL_ENV];
  if (fromEnv && fromEnv.trim() !== '') return { serverUrl: normalizeServerUrl(fromEnv, SERVER_URL_ENV), source: 'env' };
  if (input.settings.serverUrl !== undefined) {
    return { serverUrl: normalizeServerUrl(input.settings.serverUrl, 'serverUrl in settings.json'), source: 'settings' };
  }
  return { serverUrl: DEFAULT_SERVER_URL, source: 'default' };
}
