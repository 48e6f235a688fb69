import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(repoRoot, 'bin/tracklint.mjs');
const HITS = path.join(repoRoot, 'tests/fixtures/ga4/shared-corpus/hits');
const FIXTURES = path.join(repoRoot, 'tests/fixtures/ga4');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function tracklint(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: repoRoot, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('tracklint validate (child process)', () => {
  it('reports a corpus request: decoded events, then issues, exit 1 on errors', async () => {
    const run = await tracklint('validate', path.join(HITS, '31_purchase_mock_no_cid_no_txn.txt'));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('31_purchase_mock_no_cid_no_txn.txt');
    expect(run.stdout).toMatch(/events:\n\s+\[0\] purchase .*1 item \(123\)/);
    expect(run.stdout).toMatch(/ERROR\s+ecom\.purchase_transaction_id\s+events\[0\]\.params\.transaction_id\s+purchase has no transaction_id\./);
    expect(run.stdout).toMatch(/ERROR\s+basic\.cid_present\s+cid\s+/);
    expect(run.stdout.indexOf('events:')).toBeLessThan(run.stdout.indexOf('issues:'));
  }, 60_000);

  it('says a Google Ads ping is not GA4 collection and was not validated (issue 22), exit 0', async () => {
    const run = await tracklint('validate', path.join(FIXTURES, 'corpus/hits/74_globo_pagead_1p_conversion.txt'));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('not GA4 collection (no GA4 rule ran)');
    expect(run.stdout).toMatch(/status: NOT VALIDATED \(Google Ads conversion \/ remarketing ping \(\/pagead\/…\), not a GA4 hit; not validated\.\)/);
    expect(run.stdout).toMatch(/INFO\s+basic\.endpoint_known\s+url\s+/);
    expect(run.stdout).not.toMatch(/ERROR|WARN/);
  }, 60_000);

  it('validates every GA4 request of a HAR file and skips the rest', async () => {
    const run = await tracklint('validate', path.join(FIXTURES, 'shop-session.har'));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('shop-session.har entry 1');
    expect(run.stdout).toContain('shop-session.har entry 3');
    expect(run.stdout).not.toContain('entry 0'); // app.js
    expect(run.stdout).not.toContain('entry 2'); // stats.g.doubleclick.net
    expect(run.stdout).toMatch(/\[1\] purchase/);
    expect(run.stdout).toContain('ecom.purchase_transaction_id');
    expect(run.stdout).toContain('2 requests checked, 1 error.');
  }, 60_000);

  it('prints one JSON result per request with --json', async () => {
    const run = await tracklint('validate', '--json', path.join(FIXTURES, 'mp-refund.json'), path.join(FIXTURES, 'shop-session.har'));
    expect(run.code).toBe(1);
    const all = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const summary = all.at(-1);
    const lines = all.slice(0, -1);
    expect(lines).toHaveLength(3);
    expect(summary.summary).toMatchObject({ requests: 3, session: false });
    expect(summary.summary.notEvaluated.no_history.rules).toContain('ecom.duplicate_transaction');
    const issue = lines[0].issues.find((i: { ruleId: string }) => i.ruleId === 'ecom.currency_iso4217');
    expect(issue.rule).toMatchObject({ evidence: 'single_hit', confidence: 'high', reference: expect.stringMatching(/^https:\/\//) });
    expect(lines[0]).toMatchObject({ file: path.join(FIXTURES, 'mp-refund.json'), status: 'fail', request: { format: 'mp' } });
    expect(lines[0].events[0].name).toBe('refund');
    expect(lines[0].issues.map((i: { ruleId: string }) => i.ruleId)).toContain('ecom.currency_iso4217');
    expect(lines[1].request.format).toBe('gtag');
  }, 60_000);

  it('says which checks were not evaluated and why, and shows each rule\'s evidence, confidence and documentation', async () => {
    const run = await tracklint('validate', path.join(FIXTURES, 'shop-session.har'));
    expect(run.stdout).toMatch(/\d+ checks not evaluated: \d+ need the visitor's earlier hits .*--session/);
    expect(run.stdout).toMatch(/\(single hit, high confidence; https:\/\/developers\.google\.com\/analytics\/devguides\/collection\/ga4\/ecommerce\)/);
  }, 60_000);

  it('treats several files as one visitor session with --session, so history rules run offline', async () => {
    const file = path.join(FIXTURES, 'shop-session.har');
    const alone = await tracklint('validate', file, file);
    expect(alone.stdout).not.toContain('dq.duplicate_hit');
    const session = await tracklint('validate', '--session', file, file);
    expect(session.stdout).toContain('dq.duplicate_hit');
    expect(session.stdout).not.toContain("need the visitor's earlier hits");
  }, 60_000);

  it('exits 0 when no error-severity issue is found', async () => {
    const run = await tracklint('validate', path.join(FIXTURES, 'mp-clean.json'));
    expect(run.stdout).toContain('[0] login');
    expect(run.stdout).toContain('0 errors.');
    expect(run.code).toBe(0);
  }, 60_000);

  it('exits 2 with the usage on bad arguments', async () => {
    for (const args of [[], ['lint', 'x'], ['validate'], ['validate', '--frobnicate', 'x']]) {
      const run = await tracklint(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: tracklint validate');
    }
  }, 60_000);

  it('exits 2 on unreadable or unrecognised files, naming them', async () => {
    const missing = await tracklint('validate', path.join(FIXTURES, 'does-not-exist.har'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does-not-exist.har: cannot read the file');
    const wrong = await tracklint('validate', path.join(repoRoot, 'package.json'));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('package.json');
    expect(wrong.stdout).toBe('');
  }, 60_000);
});

describe('tracklint plan and check (child process, no server needed)', () => {
  it('plan --help documents pull and push; bad arguments exit 2 before any call', async () => {
    const help = await tracklint('plan', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('tracklint plan pull --website ID [--format json|csv]');
    expect(help.stdout).toContain('tracklint plan push --website ID [--publish] FILE');
    const bad = await tracklint('plan', 'pull', '--website', 'not-a-uuid');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--website needs a website id');
  }, 60_000);

  it('check --help documents exit 3 for plan violations, as validate does', async () => {
    const help = await tracklint('check', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/3 {2}at least one plan violation/);
    expect(help.stdout).toMatch(/4 {2}the API refused/);
  }, 60_000);
});
