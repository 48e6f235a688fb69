import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(16 * 512);
let offset = pool.length;
const hex: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A UUIDv7 (RFC 9562): 48-bit millisecond time, then random bits. Time-ordered ids keep the log's
 * primary-key index append-mostly at high insert rates, unlike random v4 ids.
 */
export function uuidv7(ms: number = Date.now()): string {
  if (offset >= pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  // Indexes into the pool rather than a subarray: one Buffer object less per id.
  const o = offset;
  offset += 16;
  let t = Math.floor(ms);
  for (let i = 5; i >= 0; i--) {
    pool[o + i] = t % 256;
    t = Math.floor(t / 256);
  }
  pool[o + 6] = 0x70 | (pool[o + 6]! & 0x0f);
  pool[o + 8] = 0x80 | (pool[o + 8]! & 0x3f);
  let s = '';
  for (let i = 0; i < 16; i++) {
    s += hex[pool[o + i]!];
    if (i === 3 || i === 5 || i === 7 || i === 9) s += '-';
  }
  return s;
}
