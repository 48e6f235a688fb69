/**
 * Calendar days in an organization's time zone, without a date library: Intl knows every IANA
 * zone and its offsets (DST included), so a zone's midnight is found from its wall-clock parts.
 */

/** The organization setting (organizations.settings.time_zone) that daily charts are bucketed in. */
export const TIME_ZONE_SETTING = 'time_zone';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The organization's zone when set and valid, else the browser's. */
export function organizationTimeZone(settings: Record<string, unknown> | null | undefined): string {
  const value = settings?.[TIME_ZONE_SETTING];
  return isTimeZone(value) ? value : browserTimeZone();
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(ms: number, timeZone: string) {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** The zone's offset from UTC at an instant (ms; positive east of Greenwich). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant the zone's calendar day containing `ms` began, `daysBack` days earlier (0 = that day). */
export function startOfDay(ms: number, timeZone: string, daysBack = 0): number {
  const w = wallClock(ms, timeZone);
  const midnightAsUtc = Date.UTC(w.year, w.month - 1, w.day - daysBack);
  // The offset at local midnight may differ from the one now (DST); one correction settles it.
  let guess = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  guess = midnightAsUtc - offsetAt(guess, timeZone);
  return guess;
}

/** Every IANA zone the browser knows, for the setting's picker. */
export function timeZoneOptions(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
