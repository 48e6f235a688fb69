import { describe, expect, it } from 'vitest';
import type { TracklintClient } from '../../../../src/renderer/lib/supabase';
import { DEFAULT_FILTERS } from '../../../../src/renderer/data/requests/request-filters';
import { fetchRequestPage } from '../../../../src/renderer/data/requests/requests-query';

/** A stand-in for supabase-js's query builder that records the calls the log makes. */
function recordingClient() {
  const calls: Array<[string, ...unknown[]]> = [];
  const builder: Record<string, (...args: unknown[]) => unknown> = {};
  for (const name of ['select', 'eq', 'contains', 'gte', 'or', 'order']) {
    builder[name] = (...args: unknown[]) => {
      calls.push([name, ...args]);
      return builder;
    };
  }
  builder.range = (...args: unknown[]) => {
    calls.push(['range', ...args]);
    return Promise.resolve({ data: [], error: null, count: 1001 });
  };
  const client = { from: (table: string) => (calls.push(['from', table]), builder) } as unknown as TracklintClient;
  return { client, calls };
}

const NOW = Date.parse('2026-11-22T12:30:00Z');

describe('fetchRequestPage', () => {
  it('asks for an estimated count, so a huge match is not counted row by row', async () => {
    const { client, calls } = recordingClient();
    const page = await fetchRequestPage(client, 'org-1', DEFAULT_FILTERS, 1, NOW);
    expect(calls.find((c) => c[0] === 'select')?.[2]).toEqual({ count: 'estimated' });
    expect(page.total).toBe(1001);
    expect(calls.some((c) => c[0] === 'or')).toBe(false);
  });

  it('searches a visitor by client id or user id, quoted, and a request by its id', async () => {
    const visitor = recordingClient();
    await fetchRequestPage(visitor.client, 'org-1', { ...DEFAULT_FILTERS, search: ' 12,3(4).5 ' }, 1, NOW);
    expect(visitor.calls.filter((c) => c[0] === 'or')).toEqual([['or', 'client_id.eq."12,3(4).5",user_id.eq."12,3(4).5"']]);
    const request = recordingClient();
    await fetchRequestPage(request.client, 'org-1', { ...DEFAULT_FILTERS, search: '0192F3A4-1B2C-7D3E-8F40-123456789ABC' }, 1, NOW);
    expect(request.calls).toContainEqual(['eq', 'id', '0192f3a4-1b2c-7d3e-8f40-123456789abc']);
    expect(request.calls.some((c) => c[0] === 'or')).toBe(false);
  });
});
