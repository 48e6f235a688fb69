/**
 * The only configuration the renderer has: fetched from the server's /config.json at start.
 * Nothing is baked into the bundle, so no server secret can end up in it; the anon key is
 * public by design (row-level security protects the data).
 */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The server takes payments through Stripe; otherwise an administrator sets plans. */
  billingEnabled: boolean;
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** Validates the JSON; an empty supabaseUrl means "same server as the config", i.e. `fallbackOrigin`. */
export function parseRuntimeConfig(value: unknown, fallbackOrigin: string): RuntimeConfig {
  if (!value || typeof value !== 'object') throw new RuntimeConfigError('The configuration is not a JSON object.');
  const { supabaseUrl, supabaseAnonKey, billingEnabled } = value as Record<string, unknown>;
  if (typeof supabaseAnonKey !== 'string' || supabaseAnonKey.trim() === '') {
    throw new RuntimeConfigError('The configuration has no supabaseAnonKey.');
  }
  const url = typeof supabaseUrl === 'string' && supabaseUrl.trim() !== '' ? supabaseUrl.trim() : fallbackOrigin;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RuntimeConfigError(`The configuration's supabaseUrl is not a URL: ${String(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RuntimeConfigError(`The configuration's supabaseUrl must be http(s): ${url}`);
  }
  return { supabaseUrl: url.replace(/\/+$/, ''), supabaseAnonKey, billingEnabled: billingEnabled === true };
}

export async function loadRuntimeConfig(
  configUrl: string,
  fallbackOrigin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(configUrl, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (err) {
    throw new RuntimeConfigError(`Could not reach the server at ${configUrl} (${err instanceof Error ? err.message : String(err)}).`);
  }
  if (!response.ok) throw new RuntimeConfigError(`The server answered ${response.status} for ${configUrl}.`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError(`${configUrl} did not return JSON.`);
  }
  return parseRuntimeConfig(body, fallbackOrigin);
}
