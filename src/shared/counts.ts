/**
 * The data API answers `count=estimated` (PostgREST's name) exactly up to this many rows and with
 * the planner's estimate beyond it (never less than this + 1), so counting a filter that matches
 * millions of rows reads at most this many. The requests log shows "1,000+" past it.
 *
 * Why 1,000 and not 10,000: the log's rule and event-name filters cannot use an index under
 * RLS (see bench/README.md), so counting their matches walks the time index; reaching 10,001
 * matches of a rule 3% of requests break read 330,000 rows (370 ms at 10 million stored hits),
 * 1,001 matches read a tenth of that.
 */
export const EXACT_COUNT_LIMIT = 1_000;

/** Whether an estimated count is past the exact limit, i.e. only an estimate. */
export function isCountEstimated(total: number): boolean {
  return total > EXACT_COUNT_LIMIT;
}
