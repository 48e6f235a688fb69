import type { CliIo } from './main';
import { API_ENV_HELP, EXIT, UUID_RE, callApi, startApiCommand } from './api-client';

export const CHECK_USAGE = `Usage: tracklint check --website ID [--since 1h] [--json]

Prints the findings summary of a website over the last period from the Tracklint API and exits
non-zero when error findings or plan violations appeared, so a deploy pipeline can gate on
production's last hour.

${API_ENV_HELP}; the key needs the read scope.

Options:
  --website ID   the website's id (as in /api/v1/websites)
  --since SPAN   how far back: 30m, 1h, 24h, 7d (default 1h; at most 93d)
  --json         print the API's summary as JSON instead of the report

Exit codes (the same as tracklint validate):
  0  no error finding and no plan violation
  1  at least one error finding (and no plan violation)
  2  bad arguments or settings
  3  at least one plan violation (a plan.* finding of severity error or warning: the website's
     tracking plan was broken), whatever else was found
  4  the API refused or could not be reached (the message says why)
`;

const SPAN_RE = /^(\d{1,4})([mhd])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

interface Summary {
  from: string;
  to: string;
  totals: { requests: number; pass: number; warning: number; fail: number; error_findings: number; warning_findings: number; info_findings: number; plan_violations: number };
  series: Array<{ period: string; key: string; count: number }>;
}

function parse(argv: string[]): { website: string; sinceMs: number; json: boolean } | string {
  let website: string | undefined;
  let since = '1h';
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--website') website = argv[++i];
    else if (a === '--since') since = argv[++i] ?? '';
    else if (a === '--json') json = true;
    else return `unknown option "${a}"`;
  }
  if (!website || !UUID_RE.test(website)) return '--website needs a website id (a UUID)';
  const m = SPAN_RE.exec(since);
  if (!m) return '--since needs a span like 30m, 1h, 24h or 7d';
  const sinceMs = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  if (sinceMs <= 0 || sinceMs > 93 * UNIT_MS.d) return '--since must be between 1m and 93d';
  return { website, sinceMs, json };
}

/** `tracklint check`: one call to /api/v1/findings/summary; returns the exit code. */
export async function runCheck(argv: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env, fetchImpl: typeof fetch = fetch): Promise<number> {
  const started = startApiCommand('tracklint check', argv, io, env, CHECK_USAGE, parse);
  if (typeof started === 'number') return started;
  const { args, settings } = started;
  const query = new URLSearchParams({ website_id: args.website, from: new Date(Date.now() - args.sinceMs).toISOString(), group_by: 'rule', interval: 'hour' });
  const res = await callApi<Summary>(settings, 'GET', `/findings/summary?${query}`, undefined, fetchImpl);
  if (!res.ok) {
    io.stderr(`tracklint check: ${res.message}\n`);
    return EXIT.api;
  }
  const body = res.body;
  const t = body.totals;
  const byRule = new Map<string, number>();
  for (const s of body.series) byRule.set(s.key, (byRule.get(s.key) ?? 0) + s.count);
  // The server counts them as `tracklint validate` does (isPlanViolation: plan findings above info);
  // the rule series counts every severity, so an info-level plan finding must not be read from it.
  const planViolations = t.plan_violations;
  if (args.json) io.stdout(`${JSON.stringify(body)}\n`);
  else {
    io.stdout(`Website ${args.website}, ${body.from} to ${body.to}\n`);
    io.stdout(`${t.requests} requests: ${t.pass} pass, ${t.warning} warning, ${t.fail} fail\n`);
    io.stdout(`Findings: ${t.error_findings} errors, ${t.warning_findings} warnings, ${t.info_findings} info\n`);
    io.stdout(`Plan violations: ${planViolations}\n`);
    for (const [rule, count] of [...byRule].sort((a, b) => b[1] - a[1]).slice(0, 20)) io.stdout(`  ${String(count).padStart(7)}  ${rule}\n`);
  }
  if (planViolations > 0) return EXIT.planViolations;
  return t.error_findings > 0 ? EXIT.errors : EXIT.ok;
}
