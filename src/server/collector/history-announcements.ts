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

/** A payload: the sender first, so a process skips its own announcements without parsing them. */
const payload = (from: string, body: { websiteId: string; keys?: string[] }) => `${from}\n${JSON.stringify(body)}`;

/** The payloads announcing `writes` (any order) on behalf of process `from` (an id without line breaks). */
export function historyAnnouncements(from: string, writes: ReadonlyArray<{ websiteId: string; key: string }>): string[] {
  const bySite = new Map<string, string[]>();
  for (const w of writes) {
    const keys = bySite.get(w.websiteId);
    if (keys) keys.push(w.key);
    else bySite.set(w.websiteId, [w.key]);
  }
  const payloads: string[] = [];
  for (const [websiteId, keys] of bySite) {
    const emptyBytes = Buffer.byteLength(payload(from, { websiteId, keys: [] }));
    let chunk: string[] = [];
    let bytes = emptyBytes;
    for (const key of keys) {
      const keyBytes = Buffer.byteLength(JSON.stringify(key)) + 1;
      if (emptyBytes + keyBytes > MAX_ANNOUNCEMENT_BYTES) {
        payloads.push(payload(from, { websiteId }));
        chunk = [];
        break;
      }
      if (bytes + keyBytes > MAX_ANNOUNCEMENT_BYTES) {
        payloads.push(payload(from, { websiteId, keys: chunk }));
        chunk = [];
        bytes = emptyBytes;
      }
      chunk.push(key);
      bytes += keyBytes;
    }
    if (chunk.length > 0) payloads.push(payload(from, { websiteId, keys: chunk }));
  }
  return payloads;
}

/**
 * Reads a payload; null for this process's own announcements (`self`, not parsed at all) and for
 * anything that is not an announcement (ignored).
 */
export function parseHistoryAnnouncement(text: string, self?: string): HistoryAnnouncement | null {
  const newline = text.indexOf('\n');
  if (newline <= 0) return null;
  const from = text.slice(0, newline);
  if (from === self) return null;
  try {
    const v = JSON.parse(text.slice(newline + 1)) as { websiteId?: unknown; keys?: unknown };
    if (typeof v.websiteId !== 'string') return null;
    if (v.keys === undefined) return { from, websiteId: v.websiteId };
    if (!(Array.isArray(v.keys) && v.keys.every((k) => typeof k === 'string'))) return null;
    return { from, websiteId: v.websiteId, keys: v.keys as string[] };
  } catch {
    return null;
  }
}

/** What an announcement does to a history cache: the named records (or the whole website's) are read again before their next use. */
export interface AnnouncedHistory {
  forget(websiteId: string, keys: readonly string[]): void;
  forgetWebsite(websiteId: string): void;
}

/** Applies one payload from the history channel to `history`; ignores this process's own (`self`) and anything malformed. */
export function applyHistoryAnnouncement(history: AnnouncedHistory, payload: string, self: string): void {
  const news = parseHistoryAnnouncement(payload, self);
  if (!news) return;
  if (news.keys) history.forget(news.websiteId, news.keys);
  else history.forgetWebsite(news.websiteId);
}
