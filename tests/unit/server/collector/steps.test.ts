import { describe, expect, it } from 'vitest';
import { checkOrigin, hostBelongsTo } from '../../../../src/server/collector/origin';
import { createQuotaLedger, utcMonth } from '../../../../src/server/collector/quota';
import { aggregateRollups } from '../../../../src/server/collector/rollups';
import { isGtagCollectUrl, parseTrackerBatch } from '../../../../src/server/collector/wire';
import { storedHit } from './helpers';

describe('tracker batch parsing', () => {
  it('reads hits with their method, URL, body and idempotency key', () => {
    const r = parseTrackerBatch(JSON.stringify({ v: 1, hits: [{ k: 'abcdef123456', m: 'post', u: 'https://www.google-analytics.com/g/collect?v=2', b: 'en=page_view' }, { u: 'https://x.test/g/collect?tid=G-1' }] }));
    expect(r).toEqual({
      ok: true,
      value: [
        { method: 'POST', url: 'https://www.google-analytics.com/g/collect?v=2', body: 'en=page_view', idempotencyKey: 'abcdef123456' },
        { method: 'GET', url: 'https://x.test/g/collect?tid=G-1', body: null, idempotencyKey: null },
      ],
    });
  });

  it.each([
    ['not json', 'The batch is not valid JSON'],
    ['{"hits":[]}', 'The batch has no hits.'],
    ['{"hits":[{"m":"GET"}]}', 'Hit 0 has no URL ("u").'],
    ['{"hits":[{"u":"/g/collect","k":"bad key!"}]}', 'Hit 0 has an invalid idempotency key'],
    ['{"hits":[{"u":"/g/collect","m":"DELETE"}]}', 'Hit 0 has an unsupported method'],
  ])('refuses %s', (text, message) => {
    const r = parseTrackerBatch(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.drop.reason).toBe('malformed_body');
      expect(r.drop.message).toContain(message);
    }
  });

  it('refuses batches over 50 hits', () => {
    const r = parseTrackerBatch(JSON.stringify({ hits: Array.from({ length: 51 }, () => ({ u: '/g/collect' })) }));
    expect(r.ok || r.drop.message).toBe('A batch holds at most 50 hits; this one has 51.');
  });

  it('recognises GA4 collect URLs on any host but not the Signals ping', () => {
    expect(isGtagCollectUrl('https://region1.google-analytics.com/g/collect?v=2')).toBe(true);
    expect(isGtagCollectUrl('https://sgtm.shop.example/g/collect?v=2')).toBe(true);
    expect(isGtagCollectUrl('https://stats.g.doubleclick.net/g/collect?v=2')).toBe(false);
    expect(isGtagCollectUrl('https://www.google-analytics.com/collect?v=1')).toBe(false);
  });
});

describe('origin check', () => {
  it('allows the domain, its subdomains and www', () => {
    expect(hostBelongsTo('shop.example.com', 'example.com')).toBe(true);
    expect(hostBelongsTo('example.com', 'www.example.com')).toBe(true);
    expect(hostBelongsTo('badexample.com', 'example.com')).toBe(false);
    expect(hostBelongsTo('example.com.evil.test', 'example.com')).toBe(false);
  });

  it('checks Origin, then Referer; with neither the hit is allowed but cannot verify', () => {
    expect(checkOrigin('example.com', 'https://a.example.com', undefined)).toEqual({ allowed: true, host: 'a.example.com', fromSiteDomain: true });
    expect(checkOrigin('example.com', undefined, 'https://evil.test/page')).toEqual({ allowed: false, host: 'evil.test', fromSiteDomain: false });
    expect(checkOrigin('example.com', 'null', undefined)).toEqual({ allowed: true, fromSiteDomain: false });
    expect(checkOrigin('127.0.0.1', 'http://127.0.0.1:5173', undefined).fromSiteDomain).toBe(true);
  });
});

describe('quota ledger', () => {
  const now = Date.UTC(2026, 10, 22);
  it('reserves up to the limit, counting hits in flight', () => {
    const q = createQuotaLedger();
    q.observe({ organizationId: 'o', limit: 10, used: 7, month: utcMonth(now) });
    expect(q.reserve('o', 2, now)).toBe(2);
    expect(q.reserve('o', 5, now)).toBe(1);
    q.settle('o', 3, 3);
    expect(q.reserve('o', 1, now)).toBe(0);
  });

  it('releases reservations that were not stored', () => {
    const q = createQuotaLedger();
    q.observe({ organizationId: 'o', limit: 2, used: 0, month: utcMonth(now) });
    expect(q.reserve('o', 2, now)).toBe(2);
    q.settle('o', 2, 0);
    expect(q.reserve('o', 2, now)).toBe(2);
  });

  it('blocks when the plan limit is unknown, allows everything when unlimited', () => {
    const q = createQuotaLedger();
    q.observe({ organizationId: 'u', limit: null, used: 0, month: utcMonth(now) });
    q.observe({ organizationId: 'x', limit: -1, used: 10 ** 9, month: utcMonth(now) });
    expect(q.reserve('u', 1, now)).toBe(0);
    expect(q.reserve('missing', 1, now)).toBe(0);
    expect(q.reserve('x', 1000, now)).toBe(1000);
  });

  it('starts counting again in a new month', () => {
    const q = createQuotaLedger();
    q.observe({ organizationId: 'o', limit: 1, used: 1, month: '2026-11-01' });
    expect(q.reserve('o', 1, Date.UTC(2026, 10, 30))).toBe(0);
    expect(q.reserve('o', 1, Date.UTC(2026, 11, 1))).toBe(1);
  });

  it('collects refusals per organization and month until drained', () => {
    const q = createQuotaLedger();
    q.observe({ organizationId: 'o', limit: 1, used: 1, month: utcMonth(now) });
    q.refused('o', 2, now);
    q.refused('o', 3, now + 1000);
    expect(q.drainRefusals()).toEqual([{ organizationId: 'o', month: '2026-11-01', limit: 1, refused: 5, firstAt: now, lastAt: now + 1000 }]);
    expect(q.drainRefusals()).toEqual([]);
  });
});

describe('hourly rollups', () => {
  it('counts requests, statuses, formats, event names, rules and severities per website and hour', () => {
    const rows = aggregateRollups([
      storedHit({ eventNames: ['page_view', 'scroll'] }),
      storedHit({ eventNames: ['page_view'], status: 'fail', issueRuleIds: ['basic.version'], counts: { error: 1, warning: 0, info: 0 } }),
      storedHit({ websiteId: 'site-2', receivedAtMs: Date.UTC(2026, 10, 22, 11, 5) }),
    ]);
    const at = (site: string, dim: string, value: string) => rows.find((r) => r.websiteId === site && r.dimension === dim && r.value === value)?.count;
    expect(at('site-1', 'requests', 'all')).toBe(2);
    expect(at('site-1', 'event_name', 'page_view')).toBe(2);
    expect(at('site-1', 'event_name', 'scroll')).toBe(1);
    expect(at('site-1', 'status', 'fail')).toBe(1);
    expect(at('site-1', 'rule', 'basic.version')).toBe(1);
    expect(at('site-1', 'severity', 'error')).toBe(1);
    expect(rows.find((r) => r.websiteId === 'site-2')?.hour).toBe('2026-11-22T11:00:00.000Z');
    const keys = rows.map((r) => `${r.websiteId}|${r.hour}|${r.dimension}|${r.value}`);
    expect(keys).toEqual([...keys].sort());
  });
});
