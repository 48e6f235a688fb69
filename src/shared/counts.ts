/**
 * The data API answers `count=estimated` (PostgREST's name) exactly up to this many rows and with
 * the planner's estimate beyond it (never less than this + 1), so counting a filter that matches
 * millions of rows reads at most this many. The requests log shows "10,000+" past it.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** Whether an estimated count is past the exact limit, i.e. only an estimate. */
export function isCountEstimated(total: number): boolean {
  return total > EXACT_COUNT_LIMIT;
}
