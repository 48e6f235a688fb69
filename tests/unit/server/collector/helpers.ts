import { storedHitOf, type StoredHit, type StoredRow } from '../../../../src/server/collector/stored-hit';
import type { CollectorWebsite } from '../../../../src/server/collector/websites';
import { createMetrics } from '../../../../src/server/collector/metrics';
import { createLogger } from '../../../../src/server/logger';

export const silentLog = createLogger('silent');

export function storedHit(overrides: Partial<StoredRow> = {}): StoredHit {
  return storedHitOf({
    id: overrides.id ?? Math.random().toString(36).slice(2),
    receivedAtMs: Date.UTC(2026, 10, 22, 10, 30),
    organizationId: 'org-1',
    websiteId: 'site-1',
    idempotencyKey: null,
    format: 'gtag',
    endpoint: 'g_collect',
    method: 'POST',
    source: 'tracker',
    measurementId: 'G-TEST1234',
    clientId: '1.2',
    userId: null,
    originHost: null,
    eventNames: ['page_view'],
    status: 'pass',
    counts: { error: 0, warning: 0, info: 0 },
    eventsJson: '[]',
    issueRuleIds: [],
    planViolationRuleIds: [],
    issuesJson: '[]',
    ruleIds: [],
    withheldJson: null,
    withheldState: 'all_ran',
    url: '/g/collect?v=2',
    body: null,
    userAgent: null,
    inventory: [],
    ...overrides,
  });
}

/** A pro website with one measurement id and no rule settings of its own. */
export function testWebsite(overrides: Partial<CollectorWebsite> = {}): CollectorWebsite {
  return {
    id: 'site-1',
    organizationId: 'org-1',
    domain: 'shop.example.com',
    measurementIds: ['G-SHOP1234'],
    isActive: true,
    verified: false,
    plan: 'pro',
    customRules: [],
    euTraffic: false,
    currencies: [],
    ruleOverrides: {},
    ...overrides,
  };
}

export { createMetrics };

/**
 * Lets the event loop run, one setImmediate turn at a time (no clock), until the condition holds:
 * an explicit gate for "the writer has reached this point" instead of sleeping and hoping.
 */
export async function until(condition: () => boolean, maxTurns = 100_000): Promise<void> {
  for (let turn = 0; turn < maxTurns; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`condition not reached after ${maxTurns} event-loop turns`);
}

/** Runs the event loop for a number of turns, so work that could happen has had its chance before asserting it did not. */
export async function eventLoopTurns(count = 50): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}
