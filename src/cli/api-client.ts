/** What `tracklint check` and `tracklint plan` share: the exit codes, the API settings and one call to /api/v1. */

/**
 * Exit codes of every tracklint command. 3 means plan violations everywhere (validate --plan,
 * check), so a pipeline can tell a broken tracking-plan contract from other errors.
 */
export const EXIT = {
  ok: 0,
  /** error-severity findings */
  errors: 1,
  /** bad arguments, settings or files; nothing was done */
  usage: 2,
  /** plan.* findings (plan violations) */
  planViolations: 3,
  /** the API refused the call or could not be reached */
  api: 4,
} as const;

export interface ApiSettings {
  url: string;
  key: string;
}

export const API_ENV_HELP = `Environment:
  TRACKLINT_API_URL   the Tracklint server, e.g. https://tracklint.example.com (required)
  TRACKLINT_API_KEY   an organization API key (tlk_…) (required)`;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** TRACKLINT_API_URL and TRACKLINT_API_KEY, or null when one is missing. */
export function apiSettings(env: NodeJS.ProcessEnv): ApiSettings | null {
  const url = env.TRACKLINT_API_URL?.replace(/\/+$/, '');
  const key = env.TRACKLINT_API_KEY;
  return url && key ? { url, key } : null;
}

/**
 * The start every API command shares: --help prints the usage; bad arguments or missing settings
 * print why and end with EXIT.usage. Returns the exit code to end with, or the arguments and settings.
 */
export function startApiCommand<A>(
  name: string,
  argv: string[],
  io: { stdout(text: string): void; stderr(text: string): void },
  env: NodeJS.ProcessEnv,
  usage: string,
  parse: (argv: string[]) => A | string,
): number | { args: A; settings: ApiSettings } {
  if (argv.includes('-h') || argv.includes('--help')) {
    io.stdout(usage);
    return EXIT.ok;
  }
  const args = parse(argv);
  if (typeof args === 'string') {
    io.stderr(`${name}: ${args}\n\n${usage}`);
    return EXIT.usage;
  }
  const settings = apiSettings(env);
  if (!settings) {
    io.stderr(`${name}: set TRACKLINT_API_URL and TRACKLINT_API_KEY.\n`);
    return EXIT.usage;
  }
  return { args, settings };
}

export type ApiResult<T> = { ok: true; body: T } | { ok: false; message: string };

/** One call to /api/v1; a refusal or a network failure becomes a message that says why. */
export async function callApi<T>(settings: ApiSettings, method: 'GET' | 'POST', path: string, body: unknown, fetchImpl: typeof fetch = fetch): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetchImpl(`${settings.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${settings.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (err) {
    return { ok: false, message: `cannot reach ${settings.url}: ${err instanceof Error ? err.message : String(err)}` };
  }
  const json = (await res.json().catch(() => null)) as (T & { error?: { code: string; message: string } }) | null;
  if (!res.ok || !json || json.error) {
    return { ok: false, message: `the API answered ${res.status}: ${json?.error ? `${json.error.message} (${json.error.code})` : 'no JSON body'}` };
  }
  return { ok: true, body: json };
}
