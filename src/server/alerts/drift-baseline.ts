/**
 * Drift judgements (issue 25), pure so they are unit-tested without a database. The SQL in
 * kinds/tracking-drift.ts only pre-selects candidates set-based; the decision and its wording
 * are made here.
 */

export interface VolumeThresholds {
  /** Baseline hits an hour must have before a fall or a stop counts (a quiet hour is not an incident). */
  minBaseline: number;
  /** Below this share of the baseline, the volume fell. */
  minSharePct: number;
  /** Above this share of the baseline, the volume jumped. */
  maxSharePct: number;
}

export const DEFAULT_THRESHOLDS: VolumeThresholds = { minBaseline: 20, minSharePct: 50, maxSharePct: 300 };

/**
 * An event's normal volume for one hour: the median of the same hour of the same weekday over
 * the recent weeks (a week without any hit counts as 0). The median ignores one odd week (a
 * holiday, a campaign) and stays at 0 for an hour the event never fills, so a quiet night is
 * judged against quiet nights.
 */
export function hourOfWeekBaseline(weekly: readonly number[]): number {
  if (weekly.length === 0) return 0;
  const sorted = [...weekly].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export type VolumeChange = 'stopped' | 'fell' | 'jumped';

/**
 * The last complete hour against its baseline. A stop needs the current (partial) hour to be
 * silent too, so an event that came back resolves at once rather than at the next full hour.
 */
export function judgeVolume(input: { lastHour: number; currentHour: number; baseline: number }, t: VolumeThresholds = DEFAULT_THRESHOLDS): VolumeChange | null {
  const { lastHour, currentHour, baseline } = input;
  if (baseline < t.minBaseline) return null;
  if (lastHour === 0) return currentHour === 0 ? 'stopped' : null;
  if (lastHour * 100 < baseline * t.minSharePct) return 'fell';
  if (lastHour * 100 > baseline * t.maxSharePct) return 'jumped';
  return null;
}

export type PlanType = 'string' | 'integer' | 'number' | 'boolean';

/** Types the inventory may see for a parameter the plan types so (text accepts anything: GA4 sends text). */
const COMPATIBLE: Record<PlanType, readonly string[] | null> = {
  string: null,
  integer: ['integer'],
  number: ['integer', 'number'],
  boolean: ['boolean'],
};

/** The types seen that contradict the plan's type, in order; empty when none do. */
export function contradictingTypes(planned: PlanType, seen: readonly string[]): string[] {
  const ok = COMPATIBLE[planned];
  if (ok === null) return [];
  return [...new Set(seen)].filter((t) => t !== '' && !ok.includes(t)).sort();
}

/** Examples seen that are not among the plan's allowed values (masked examples stay masked). */
export function valuesOutsidePlan(allowed: readonly string[], seen: readonly string[]): string[] {
  const set = new Set(allowed);
  return [...new Set(seen)].filter((v) => v !== '' && !set.has(v)).sort();
}

/** "a fall to 12% of its usual 240 hits" style size, as a share of the baseline in whole percent. */
export function sharePct(value: number, baseline: number): number {
  return baseline === 0 ? 100 : Math.round((value * 100) / baseline);
}

/**
 * Distinct values a parameter's sampled baseline may have to be judged: the collector keeps at most
 * 20 per hour, and a parameter with more over a few sampled hours is not an enumeration whose
 * changes are news.
 */
export const VALUE_SET_BASELINE_MAX = 20;
/** Hits a vanished value should have had in the window, at its baseline share, before its absence counts. */
const VANISH_MIN_EXPECTED = 5;

export interface ValueSetChange {
  /** Values in the window never seen in the baseline weeks (only for parameters without an allowed list). */
  newValues: string[];
  /** Values of the baseline that the window should have carried at least VANISH_MIN_EXPECTED times and did not carry once. */
  vanished: string[];
}

const total = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((n, c) => n + Number(c), 0);

/**
 * A low-cardinality parameter's value set in the window against its baseline: `baseline`, hits per
 * value over the sampled baseline hours (the same hour yesterday and on the same weekday of the
 * recent weeks); `unseen`, the window's values that no hour of the baseline weeks carried; `growing`,
 * whether the set kept gaining values before the window (a date, a campaign id). Null when the
 * baseline is too thin (fewer than minHits hits) or too varied to judge. New values need a set that
 * is not growing and no allowed list (a value outside the list is the `values:` drift, one inside it
 * is planned); a vanished value is one the window, with at least minHits hits, should have carried
 * VANISH_MIN_EXPECTED times at its baseline share and never did.
 */
export function judgeValueSet(input: {
  window: Readonly<Record<string, number>>;
  baseline: Readonly<Record<string, number>>;
  unseen: readonly string[];
  growing: boolean;
  allowed: readonly string[] | null;
  minHits: number;
}): ValueSetChange | null {
  const { window, baseline, unseen, growing, allowed, minHits } = input;
  const baselineValues = Object.keys(baseline);
  const baselineHits = total(baseline);
  if (baselineHits < minHits || baselineHits === 0 || baselineValues.length > VALUE_SET_BASELINE_MAX) return null;
  const newValues = allowed || growing ? [] : unseen.filter((v) => Object.hasOwn(window, v) && !Object.hasOwn(baseline, v)).sort();
  const windowHits = total(window);
  const vanished = windowHits < minHits ? [] : baselineValues.filter((v) => !Object.hasOwn(window, v) && (Number(baseline[v]) / baselineHits) * windowHits >= VANISH_MIN_EXPECTED).sort();
  return newValues.length || vanished.length ? { newValues, vanished } : null;
}
