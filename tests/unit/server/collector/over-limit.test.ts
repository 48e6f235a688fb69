import { describe, expect, it } from 'vitest';
import { overLimit } from '../../../../src/server/collector/pg-sink';
import { storedHit } from './helpers';

const NOV = Date.UTC(2026, 10, 30, 23, 59);
const DEC = Date.UTC(2026, 11, 1, 0, 1);

describe('overLimit: which stored hits the database takes back at commit', () => {
  const hits = [
    storedHit({ id: 'a1', organizationId: 'a', receivedAtMs: NOV }),
    storedHit({ id: 'b1', organizationId: 'b', receivedAtMs: NOV }),
    storedHit({ id: 'a2', organizationId: 'a', receivedAtMs: NOV }),
    storedHit({ id: 'a3', organizationId: 'a', receivedAtMs: DEC }),
    storedHit({ id: 'a4', organizationId: 'a', receivedAtMs: NOV }),
  ];
  const kept = [0, 1, 2, 3, 4];
  const counted = [
    { organizationId: 'a', month: '2026-11-01', count: 3 },
    { organizationId: 'a', month: '2026-12-01', count: 1 },
    { organizationId: 'b', month: '2026-11-01', count: 1 },
  ];

  it('takes back the batch\'s last hits of the organization and month beyond the limit', () => {
    // November: 99 before this batch, limit 100: one of three fits, the later two go back.
    const totals = [
      { organization_id: 'a', month: '2026-11-01', total: '102', request_limit: '100' },
      { organization_id: 'a', month: '2026-12-01', total: '1', request_limit: '100' },
      { organization_id: 'b', month: '2026-11-01', total: '5000', request_limit: '-1' },
    ];
    expect(overLimit(hits, kept, counted, totals).map((i) => hits[i]!.id).sort()).toEqual(['a2', 'a4']);
  });

  it('takes back every hit when the month was already full, none when within, none for an unknown plan', () => {
    expect(overLimit(hits, kept, counted, [{ organization_id: 'a', month: '2026-11-01', total: '103', request_limit: '100' }]).map((i) => hits[i]!.id).sort()).toEqual(['a1', 'a2', 'a4']);
    expect(overLimit(hits, kept, counted, [{ organization_id: 'a', month: '2026-11-01', total: '100', request_limit: '100' }])).toEqual([]);
    expect(overLimit(hits, kept, counted, [{ organization_id: 'a', month: '2026-11-01', total: '900', request_limit: null }])).toEqual([]);
  });

  it('only looks at hits that are being stored', () => {
    expect(overLimit(hits, [1, 2, 3], counted, [{ organization_id: 'a', month: '2026-11-01', total: '101', request_limit: '100' }]).map((i) => hits[i]!.id)).toEqual(['a2']);
  });
});
