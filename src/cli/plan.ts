import { readFileSync, writeFileSync } from 'node:fs';
import type { CliIo } from './main';
import { API_ENV_HELP, EXIT, UUID_RE, callApi, startApiCommand } from './api-client';

export const PLAN_USAGE = `Usage: tracklint plan pull --website ID [--format json|csv] [--version N] [--out FILE]
       tracklint plan push --website ID [--publish] FILE

Keeps a website's tracking plan in your repository, through the Tracklint API (/api/v1).

  pull   prints the plan that guards the website (its draft, or published version N) to stdout,
         or writes it to FILE with --out. json is the JSON Schema bundle (one schema per event);
         csv is the plan spreadsheet.
  push   imports FILE into the plan's draft, replacing its events, parameters and user properties
         (a JSON Schema bundle, a Tracklint plan document, or a .csv spreadsheet); with --publish
         the draft is then published as the plan's next version. A file with problems is refused
         whole and changes nothing.

${API_ENV_HELP}; pull needs the read scope, push the write scope.

Exit codes: 0 done, 2 bad arguments or an unreadable file, 4 the API refused the call or could
not be reached (the message says why, e.g. the file's first problem).
`;

interface PlanArgs {
  action: 'pull' | 'push';
  website: string;
  format: 'json' | 'csv';
  version?: number;
  out?: string;
  publish: boolean;
  file?: string;
}

function parse(argv: string[]): PlanArgs | string {
  const [action, ...rest] = argv;
  if (action !== 'pull' && action !== 'push') return action === undefined ? 'missing pull or push' : `unknown plan command "${action}"`;
  const args: PlanArgs = { action, website: '', format: 'json', publish: false };
  let formatGiven = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    if (a === '--website') args.website = rest[++i] ?? '';
    else if (a === '--format' && action === 'pull') {
      const f = rest[++i];
      if (f !== 'json' && f !== 'csv') return '--format must be json or csv';
      args.format = f;
      formatGiven = true;
    } else if (a === '--version' && action === 'pull') {
      const v = Number(rest[++i]);
      if (!Number.isInteger(v) || v < 1) return '--version needs a published version number';
      args.version = v;
    } else if (a === '--out' && action === 'pull') {
      const f = rest[++i];
      if (!f) return '--out needs a file';
      args.out = f;
    } else if (a === '--publish' && action === 'push') args.publish = true;
    else if (a.startsWith('-')) return `unknown option "${a}" for plan ${action}`;
    else if (action === 'push' && args.file === undefined) args.file = a;
    else return `unexpected argument "${a}"`;
  }
  if (!UUID_RE.test(args.website)) return '--website needs a website id (a UUID)';
  if (action === 'push' && !args.file) return 'plan push needs the FILE to import';
  // --out plan.csv means csv unless --format says otherwise.
  if (action === 'pull' && !formatGiven && args.out?.toLowerCase().endsWith('.csv')) args.format = 'csv';
  return args;
}

/** The import format of a file: csv by its extension, otherwise JSON (the server tells a bundle from a plan document). */
function importFormat(file: string, text: string): 'csv' | 'json-schema' | 'plan' {
  if (file.toLowerCase().endsWith('.csv')) return 'csv';
  return /"format"\s*:\s*"tracklint-plan\//.test(text.slice(0, 2000)) ? 'plan' : 'json-schema';
}

/** `tracklint plan pull|push`; returns the exit code. */
export async function runPlan(argv: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env, fetchImpl: typeof fetch = fetch): Promise<number> {
  const started = startApiCommand('tracklint plan', argv, io, env, PLAN_USAGE, parse);
  if (typeof started === 'number') return started;
  const { args, settings } = started;
  const site = `/websites/${args.website}/tracking-plan`;

  if (args.action === 'pull') {
    const query = new URLSearchParams({ format: args.format === 'csv' ? 'csv' : 'json-schema', ...(args.version ? { version: String(args.version) } : {}) });
    const res = await callApi<{ content: string; filename: string; version: number | null }>(settings, 'GET', `${site}/export?${query}`, undefined, fetchImpl);
    if (!res.ok) {
      io.stderr(`tracklint plan pull: ${res.message}\n`);
      return EXIT.api;
    }
    if (!args.out) {
      io.stdout(res.body.content);
      return EXIT.ok;
    }
    try {
      writeFileSync(args.out, res.body.content);
    } catch (err) {
      io.stderr(`tracklint plan pull: cannot write ${args.out} (${(err as NodeJS.ErrnoException).code ?? 'error'}).\n`);
      return EXIT.usage;
    }
    io.stderr(`Wrote the ${res.body.version === null ? 'draft' : `version ${res.body.version}`} to ${args.out}.\n`);
    return EXIT.ok;
  }

  const file = args.file as string;
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (err) {
    io.stderr(`tracklint plan push: ${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'error'}).\n`);
    return EXIT.usage;
  }
  const imported = await callApi<{ events: number; parameters: number }>(settings, 'POST', `${site}/import`, { format: importFormat(file, content), content }, fetchImpl);
  if (!imported.ok) {
    io.stderr(`tracklint plan push: ${imported.message}\n`);
    return EXIT.api;
  }
  io.stdout(`Imported ${file} into the draft: ${imported.body.events} events, ${imported.body.parameters} parameters.\n`);
  if (!args.publish) return EXIT.ok;
  const published = await callApi<{ version: number }>(settings, 'POST', `${site}/publish`, undefined, fetchImpl);
  if (!published.ok) {
    io.stderr(`tracklint plan push: the draft was imported but not published: ${published.message}\n`);
    return EXIT.api;
  }
  io.stdout(`Published version ${published.body.version}.\n`);
  return EXIT.ok;
}
