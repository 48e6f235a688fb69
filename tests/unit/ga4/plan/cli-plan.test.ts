import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../../src/cli/api-client';
import { main } from '../../../../src/cli/main';
import { planToSchemaBundle, type TrackingPlanDocument } from '../../../../src/shared/ga4';
import { gtag } from '../helpers';

// `tracklint validate --plan plan.json FILE...`: the documented exit codes, in process.

const dir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-plan-cli-'));
const PLAN: TrackingPlanDocument = {
  format: 'tracklint-plan/1',
  version: 2,
  events: [
    { name: 'page_view', status: 'live' },
    { name: 'purchase', status: 'live', parameters: [{ name: 'value', type: 'number', required: true }, { name: 'transaction_id', type: 'string', required: true }], itemParameters: [{ name: 'item_id', type: 'string' }, { name: 'item_name', type: 'string' }, { name: 'price', type: 'number' }, { name: 'quantity', type: 'integer' }] },
  ],
};

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

/** A raw request file of one gtag hit. */
function hitFile(name: string, overrides: Record<string, string | null>): string {
  const req = gtag(overrides);
  return file(name, `METHOD: POST\nURL: ${req.url}\n`);
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

const planFile = file('plan.json', JSON.stringify(PLAN));
const bundleFile = file('bundle.json', JSON.stringify(planToSchemaBundle(PLAN)));

describe('tracklint validate --plan', () => {
  it('exits 0 when every hit follows the plan', async () => {
    const r = await run('validate', '--plan', planFile, hitFile('ok.txt', {}));
    expect(r.err).toBe('');
    expect(r.out).toContain('0 plan violations');
    expect(r.code).toBe(0);
  });

  it(`exits ${EXIT.planViolations} on a plan violation, with the same plan as a JSON Schema bundle`, async () => {
    const hit = hitFile('renamed.txt', { en: 'formSubmit' });
    for (const plan of [planFile, bundleFile]) {
      const r = await run('validate', '--plan', plan, hit);
      expect(r.code).toBe(3);
      expect(r.out).toMatch(/plan\.unplanned_event\s+events\[0\]\.name\s+The event "formSubmit" is not in the tracking plan\./);
    }
    expect((await run('validate', hit)).code).toBe(0);
  });

  it('--json carries the plan version and expectation on each plan finding', async () => {
    const r = await run('validate', '--json', '--plan', planFile, hitFile('text-value.txt', { en: 'purchase', 'ep.transaction_id': 'T1', 'ep.value': '9.5' }));
    expect(r.code).toBe(3);
    const result = JSON.parse(r.out.split('\n')[0]!) as { issues: Array<{ ruleId: string; plan?: unknown }> };
    expect(result.issues.find((i) => i.ruleId === 'plan.parameter_type')?.plan).toEqual({ version: 'v2', event: 'purchase', parameter: 'value', expected: 'number, required' });
    expect(JSON.parse(r.out.trim().split('\n').at(-1)!).summary.planViolations).toBe(1);
  });

  it('exits 2 and validates nothing when the plan file is unusable', async () => {
    const hit = hitFile('any.txt', {});
    const bad = await run('validate', '--plan', file('bad.json', JSON.stringify({ format: 'tracklint-plan/1', events: [{ name: 'x', parameters: [{ name: 'v', type: 'float' }] }] })), hit);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('events[0].parameters[0].type must be one of string, integer, number, boolean (got "float")');
    expect(bad.out).toBe('');
    expect((await run('validate', '--plan', file('broken.json', '{'), hit)).code).toBe(2);
    expect((await run('validate', '--plan', path.join(dir, 'missing.json'), hit)).code).toBe(2);
    expect((await run('validate', '--plan')).code).toBe(2);
  });
});
