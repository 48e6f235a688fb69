import { describe, expect, it } from 'vitest';
import { createForwardingLogger, createLogger } from '../../../../src/server/logger';
import { createRateLimiter, type AllowanceClaim } from '../../../../src/server/collector/rate-limit';

const MINUTE = 60_000;
const T0 = 1_780_000_000_000 - (1_780_000_000_000 % MINUTE);

/**
 * An in-memory allowance with the contract of public.collector_claim_hits (grants at most what is
 * left of the minute's limit); it records every claim and holds each one until released, so a
 * test can see whether two claims ever overlap.
 */
function allowance() {
  const used = new Map<string, number>();
  const claims: { websiteId: string; minuteStartMs: number; wanted: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let failing = false;
  const claim: AllowanceClaim = async (websiteId, minuteStartMs, wanted, perMinute) => {
    claims.push({ websiteId, minuteStartMs, wanted });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await Promise.resolve();
    inFlight--;
    if (failing) throw new Error('connection refused');
    const key = `${websiteId}@${minuteStartMs}`;
    const granted = Math.max(0, Math.min(wanted, perMinute - (used.get(key) ?? 0)));
    used.set(key, (used.get(key) ?? 0) + granted);
    return granted;
  };
  return {
    claim,
    claims,
    maxInFlight: () => maxInFlight,
    fail: (value: boolean) => {
      failing = value;
    },
  };
}

function capturingLogger() {
  const warnings: string[] = [];
  const log = createForwardingLogger((entry) => {
    if (entry.level === 'warn') warnings.push(entry.message);
  });
  return { log, warnings };
}

describe('collector rate limiter (createRateLimiter)', () => {
  it('never grants more than the per-minute limit, whatever the burst', async () => {
    const a = allowance();
    const limiter = createRateLimiter(a.claim, createLogger('silent'));
    const granted = await Promise.all(Array.from({ length: 50 }, (_, i) => limiter.take('site', 100, 3, T0 + i)));
    expect(granted.reduce((sum, n) => sum + n, 0)).toBe(100);
    // Claims for one website run one after another, in slices, not one per request.
    expect(a.maxInFlight()).toBe(1);
    expect(a.claims.length).toBeLessThan(50);
  });

  it('stops asking once the minute is exhausted, and asks again the next minute', async () => {
    const a = allowance();
    const limiter = createRateLimiter(a.claim, createLogger('silent'));
    expect(await limiter.take('site', 2, 5, T0)).toBe(2);
    const claimsAfterExhaustion = a.claims.length;
    expect(await limiter.take('site', 2, 1, T0 + 1000)).toBe(0);
    expect(a.claims.length).toBe(claimsAfterExhaustion);
    expect(await limiter.take('site', 2, 1, T0 + MINUTE)).toBe(1);
    expect(a.claims.at(-1)).toEqual({ websiteId: 'site', minuteStartMs: T0 + MINUTE, wanted: 1 });
  });

  it('claims at least a twentieth of the allowance at once and spends it from memory', async () => {
    const a = allowance();
    const limiter = createRateLimiter(a.claim, createLogger('silent'));
    expect(await limiter.take('site', 1000, 1, T0)).toBe(1);
    expect(a.claims).toEqual([{ websiteId: 'site', minuteStartMs: T0, wanted: 50 }]);
    for (let i = 0; i < 49; i++) expect(await limiter.take('site', 1000, 1, T0 + i)).toBe(1);
    expect(a.claims).toHaveLength(1);
  });

  it('keeps websites apart', async () => {
    const a = allowance();
    const limiter = createRateLimiter(a.claim, createLogger('silent'));
    expect(await limiter.take('a', 1, 1, T0)).toBe(1);
    expect(await limiter.take('a', 1, 1, T0)).toBe(0);
    expect(await limiter.take('b', 1, 1, T0)).toBe(1);
  });

  it('admits everything without a claim when the plan is unlimited (-1)', async () => {
    const a = allowance();
    const limiter = createRateLimiter(a.claim, createLogger('silent'));
    expect(await limiter.take('site', -1, 7, T0)).toBe(7);
    expect(a.claims).toHaveLength(0);
  });

  it('admits the hits and warns when Postgres cannot be asked', async () => {
    const a = allowance();
    const { log, warnings } = capturingLogger();
    const limiter = createRateLimiter(a.claim, log);
    a.fail(true);
    expect(await limiter.take('site', 10, 4, T0)).toBe(4);
    expect(warnings).toEqual(['collector: rate limit unavailable, admitting the hits']);
    a.fail(false);
    expect(await limiter.take('site', 10, 4, T0)).toBe(4);
  });
});
