import { readFileSync } from 'node:fs';
import {
  compilePlanCheck,
  createValidator,
  isPlanViolation,
  parsePlanJson,
  type PlanCheck,
  parseCaptureFile,
  ruleCatalogue,
  validateCaptureFiles,
  type FileCapture,
  type RuleMeta,
  type RuleSettings,
} from '../shared/ga4';
import { createAjvCompiler } from '../shared/ga4/plan/ajv-compiler';
import { formatNotEvaluated, formatResult, withRuleMeta } from './report';
import { runCheck } from './check';
import { runPlan } from './plan';
import { EXIT } from './api-client';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const USAGE = `Usage: tracklint validate [--json] [--session] [--settings FILE] [--plan FILE] [--measurement-id ID] FILE...

Validates GA4 requests against Tracklint's rules and prints a report per request.

FILE may be:
  - a raw request file (# comments, METHOD:, URL:, optional BODY:),
  - a Measurement Protocol JSON body (or an array of bodies),
  - a HAR file exported from the browser's developer tools (every GA4 request in it).

Options:
  --json           print one JSON result per request (one per line) instead of the report;
                   each issue carries its rule's documentation link, evidence and confidence
  --session        treat all files (and every request of a HAR) as one visitor's session, in
                   order, so the rules that compare with earlier hits (duplicates, funnel,
                   session starts, consent changes) run; without it each request is judged alone
                   and those rules are not evaluated
  --settings FILE  rule settings as JSON: {"facts": {...}, "rules": {...}, "customRules": [...]}
  --plan FILE      check every event against a tracking plan: a Tracklint plan document
                   ({"format": "tracklint-plan/1", ...}, as exported from the app) or a JSON
                   Schema bundle (draft 2020-12, one schema per event under "events", plus
                   "user_properties"); findings are plan.* issues
  --measurement-id ID
                   measurement ID for Measurement Protocol JSON files (their URL is not in the file;
                   without it the measurement ID checks are skipped for them)
  -h, --help       show this help

Exit codes:
  0  no error-severity issue and no plan violation
  1  at least one error-severity issue (and no plan violation)
  2  bad arguments, unreadable files or an unusable plan file (nothing is validated)
  3  with --plan: at least one plan violation (a plan.* finding of severity error or warning),
     whatever else was found

tracklint check --website ID [--since 1h] reads a website's findings from the API (tracklint check --help).
tracklint plan pull|push --website ID … reads and writes a website's tracking plan through the API
(tracklint plan --help).
`;

interface Args {
  json: boolean;
  session: boolean;
  settingsFile?: string;
  planFile?: string;
  measurementId?: string;
  files: string[];
}

function parseArgs(argv: string[]): Args | string {
  const [command, ...rest] = argv;
  if (command !== 'validate') return command === undefined ? 'missing command' : `unknown command "${command}"`;
  const args: Args = { json: false, session: false, files: [] };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    if (a === '--json') args.json = true;
    else if (a === '--session') args.session = true;
    else if (a === '--settings') {
      const f = rest[++i];
      if (!f) return '--settings needs a file';
      args.settingsFile = f;
    } else if (a === '--plan') {
      const f = rest[++i];
      if (!f) return '--plan needs a file';
      args.planFile = f;
    } else if (a === '--measurement-id') {
      const id = rest[++i];
      if (!id) return '--measurement-id needs an ID';
      args.measurementId = id;
    } else if (a === '--') {
      args.files.push(...rest.slice(i + 1));
      break;
    } else if (a.startsWith('-')) return `unknown option "${a}"`;
    else args.files.push(a);
  }
  if (args.files.length === 0) return 'no FILE given';
  return args;
}

function readText(file: string): { ok: true; text: string } | { ok: false; error: string } {
  try {
    return { ok: true, text: readFileSync(file, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, error: `${file}: cannot read the file${code ? ` (${code})` : ''}.` };
  }
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'check') return runCheck(argv.slice(1), io);
  if (argv[0] === 'plan') return runPlan(argv.slice(1), io);
  if (argv.includes('-h') || argv.includes('--help')) {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`tracklint: ${args}\n\n${USAGE}`);
    return EXIT.usage;
  }

  let settings: RuleSettings = {};
  if (args.settingsFile) {
    const read = readText(args.settingsFile);
    if (!read.ok) {
      io.stderr(`tracklint: ${read.error}\n`);
      return EXIT.usage;
    }
    try {
      settings = JSON.parse(read.text) as RuleSettings;
    } catch {
      io.stderr(`tracklint: ${args.settingsFile}: the settings file is not valid JSON.\n`);
      return EXIT.usage;
    }
  }

  let planCheck: PlanCheck | undefined;
  if (args.planFile) {
    const read = readText(args.planFile);
    if (!read.ok) {
      io.stderr(`tracklint: ${read.error}\n`);
      return EXIT.usage;
    }
    const parsed = parsePlanJson(read.text);
    if (!parsed.ok) {
      io.stderr(`${parsed.errors.map((e) => `tracklint: ${args.planFile}: ${e}`).join('\n')}\n`);
      return EXIT.usage;
    }
    try {
      planCheck = compilePlanCheck(parsed.plan, createAjvCompiler());
    } catch (err) {
      io.stderr(`tracklint: ${args.planFile}: the plan cannot be compiled: ${(err as Error).message}\n`);
      return EXIT.usage;
    }
  }

  // Read and parse every file first: nothing is validated when one of them is unusable.
  const captures: FileCapture[] = [];
  const problems: string[] = [];
  for (const file of args.files) {
    const read = readText(file);
    if (!read.ok) {
      problems.push(read.error);
      continue;
    }
    const parsed = parseCaptureFile(read.text, file, args.measurementId ? { measurementId: args.measurementId } : {});
    if (!parsed.ok) problems.push(parsed.error);
    else if (parsed.captures.length === 0) problems.push(`${file}: no GA4 request found in the file.`);
    else captures.push(...parsed.captures);
  }
  if (problems.length > 0) {
    io.stderr(`${problems.map((p) => `tracklint: ${p}`).join('\n')}\n`);
    return EXIT.usage;
  }

  for (const { id, errors } of createValidator(settings).customRuleErrors)
    io.stderr(`tracklint: custom rule "${id}" skipped: ${errors.map((e) => `${e.path || '(rule)'}: ${e.message}`).join('; ')}\n`);
  // Archived hits: clock rules use each capture's own time; history rules only in --session mode.
  const run = validateCaptureFiles(captures, settings, { session: args.session, ...(planCheck ? { planCheck } : {}) });
  const meta = new Map<string, RuleMeta>(ruleCatalogue().map((r) => [r.id, r]));
  let errors = 0;
  let planViolations = 0;
  for (const { capture, result } of run.results) {
    errors += result.counts.error + (result.decodeError ? 1 : 0);
    for (const issue of result.issues) if (isPlanViolation(issue)) planViolations++;
    io.stdout(args.json ? `${JSON.stringify({ file: capture.label, ...result, issues: withRuleMeta(result.issues, meta) })}\n` : `${formatResult(capture.label, result, meta)}\n`);
  }
  if (!args.json) {
    io.stdout(`${captures.length} request${captures.length === 1 ? '' : 's'} checked, ${errors} error${errors === 1 ? '' : 's'}${planCheck ? `, ${planViolations} plan violation${planViolations === 1 ? '' : 's'}` : ''}.\n`);
    io.stdout(formatNotEvaluated(run.notEvaluated));
  } else io.stdout(`${JSON.stringify({ summary: { requests: captures.length, errors, ...(planCheck ? { planViolations } : {}), session: args.session, notEvaluated: run.notEvaluated } })}\n`);
  if (planViolations > 0) return EXIT.planViolations;
  return errors > 0 ? EXIT.errors : EXIT.ok;
}
