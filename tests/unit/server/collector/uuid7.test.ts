import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../../src/server/collector/uuid7';

describe('uuidv7', () => {
  it('is a version-7, RFC 9562 variant UUID whose first 48 bits are the millisecond time', () => {
    const ms = Date.UTC(2026, 10, 23, 12, 34, 56, 789);
    const id = uuidv7(ms);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(ms);
  });

  it('orders ids by time and does not repeat across many pool refills', () => {
    const ids: string[] = [];
    for (let i = 0; i < 20_000; i++) ids.push(uuidv7(1_700_000_000_000 + Math.floor(i / 7)));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 7; i < ids.length; i += 7) expect(ids[i - 1]! < ids[i]!).toBe(true);
  });
});
