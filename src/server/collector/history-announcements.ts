/**
 * What one collector process tells the others about the history records it committed, through
 * Postgres NOTIFY: per website, the keys written, so the others drop those records from their
 * caches and read them again when next needed. A NOTIFY payload holds under 8,000 bytes, so the
 * keys are split over several announcements; a key too long for one stands for its whole website.
 */

/** Payload bytes kept under Postgres's 8,000-byte limit with room to spare. */
export const MAX_ANNOUNCEMENT_BYTES = 7_800;

export interface HistoryAnnouncement {
  /** The announcing process. */
  from: string;
  websiteId: string;
  /** The keys written; absent: every record of the website. */
  keys?: string[];
}

/** The payloads announcing `writes` (any order) on behalf of process `from`. */
export function historyAnnouncements(from: string, writes: ReadonlyArray<{ websiteId: string; key: string }>): string[] {
  const bySite = new Map<string, string[]>();
  for (const w of writes) {
    const keys = bySite.get(w.websiteId);
    if (keys) keys.push(w.key);
    else bySite.set(w.websiteId, [w.key]);
  }
  const payloads: string[] = [];
  for (const [websiteId, keys] of bySite) {
    const head = JSON.stringify({ from, websiteId, keys: [] } satisfies HistoryAnnouncement);
    const emptyBytes = Buffer.byteLength(head);
    let chunk: string[] = [];
    let bytes = emptyBytes;
    for (const key of keys) {
      const keyBytes = Buffer.byteLength(JSON.stringify(key)) + 1;
      if (emptyBytes + keyBytes > MAX_ANNOUNCEMENT_BYTES) {
        payloads.push(JSON.stringify({ from, websiteId } satisfies HistoryAnnouncement));
        chunk = [];
        bytes = emptyBytes;
        break;
      }
      if (bytes + keyBytes > MAX_ANNOUNCEMENT_BYTES) {
        payloads.push(JSON.stringify({ from, websiteId, keys: chunk } satisfies HistoryAnnouncement));
        chunk = [];
        bytes = emptyBytes;
      }
      chunk.push(key);
      bytes += keyBytes;
    }
    if (chunk.length > 0) payloads.push(JSON.stringify({ from, websiteId, keys: chunk } satisfies HistoryAnnouncement));
  }
  return payloads;
}

/** Reads a payload; null for anything that is not an announcement (it is ignored). */
export function parseHistoryAnnouncement(payload: string): HistoryAnnouncement | null {
  try {
    const v = JSON.parse(payload) as Partial<HistoryAnnouncement>;
    if (typeof v.from !== 'string' || typeof v.websiteId !== 'string') return null;
    if (v.keys !== undefined && !(Array.isArray(v.keys) && v.keys.every((k) => typeof k === 'string'))) return null;
    return v.keys === undefined ? { from: v.from, websiteId: v.websiteId } : { from: v.from, websiteId: v.websiteId, keys: v.keys };
  } catch {
    return null;
  }
}
