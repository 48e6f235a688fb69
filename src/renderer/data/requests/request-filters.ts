import { EXACT_COUNT_LIMIT, isCountEstimated } from '../../../shared/counts';
import type { ValidationStatus } from '../../../shared/ga4';

export const TIME_RANGES = ['1h', '24h', '7d', '30d', 'all'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const REQUEST_STATUSES: readonly ValidationStatus[] = ['pass', 'warning', 'fail'];
export const REQUESTS_PAGE_SIZE = 25;

const HOUR_MS = 3_600_000;
const RANGE_MS: Record<Exclude<TimeRange, 'all'>, number> = { '1h': HOUR_MS, '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS, '30d': 30 * 24 * HOUR_MS };

export const TIME_RANGE_LABELS: Record<TimeRange, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  all: 'All time',
};

/** The requests log's filters. Null means "any". */
export interface RequestFilters {
  /** One website, or null for every website of the organization. */
  websiteId: string | null;
  status: ValidationStatus | null;
  eventName: string | null;
  ruleId: string | null;
  range: TimeRange;
  /** What the search box holds: a request id, or a client id or user id, matched exactly. */
  search: string | null;
}

export const DEFAULT_FILTERS: RequestFilters = { websiteId: null, status: null, eventName: null, ruleId: null, range: '24h', search: null };

/** Longer than any id a request carries; longer input cannot match and is not sent. */
export const SEARCH_MAX_LENGTH = 256;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a search looks for. A request id is a UUID; anything else is a visitor: the GA4 client id
 * (or app instance id) or the user id, compared exactly, so an index answers it (a substring search
 * over every stored URL could not be kept fast over millions of rows).
 */
export type RequestSearch = { kind: 'request_id'; value: string } | { kind: 'visitor'; value: string };

export function parseSearch(input: string | null | undefined): RequestSearch | null {
  const value = input?.trim();
  if (!value || value.length > SEARCH_MAX_LENGTH) return null;
  return UUID_RE.test(value) ? { kind: 'request_id', value: value.toLowerCase() } : { kind: 'visitor', value };
}

/** A value quoted for a PostgREST logic filter (`or=(a.eq."…")`), where commas and parentheses are syntax. */
export function quoteFilterValue(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** Start of the time range as ISO, or null for all time. */
export function rangeStart(range: TimeRange, nowMs: number): string | null {
  return range === 'all' ? null : new Date(nowMs - RANGE_MS[range]).toISOString();
}

/**
 * The PostgREST conditions for the filters, as data (so they are testable and applied in one
 * place): equality filters, the event-name containment, the lower time bound and the row range.
 */
export interface RequestQueryPlan {
  eq: Array<[column: 'organization_id' | 'website_id' | 'status', value: string]>;
  /** event_names @> {name} */
  eventName: string | null;
  /** rule_ids @> {rule id} */
  ruleId: string | null;
  since: string | null;
  search: RequestSearch | null;
  /** Inclusive row range of the page. */
  from: number;
  to: number;
}

export function requestQueryPlan(organizationId: string, filters: RequestFilters, page: number, nowMs: number, pageSize = REQUESTS_PAGE_SIZE): RequestQueryPlan {
  const eq: RequestQueryPlan['eq'] = [['organization_id', organizationId]];
  if (filters.websiteId) eq.push(['website_id', filters.websiteId]);
  if (filters.status) eq.push(['status', filters.status]);
  const safePage = Math.max(1, Math.floor(page));
  const from = (safePage - 1) * pageSize;
  return {
    eq,
    eventName: filters.eventName?.trim() ? filters.eventName.trim() : null,
    ruleId: filters.ruleId?.trim() ? filters.ruleId.trim() : null,
    since: rangeStart(filters.range, nowMs),
    search: parseSearch(filters.search),
    from,
    to: from + pageSize - 1,
  };
}

/**
 * Number of pages for a total (at least 1). The log's total is counted exactly up to
 * EXACT_COUNT_LIMIT only (see fetchRequestPage), so pages go that far: past it, filters narrow.
 */
export function pageCount(total: number, pageSize = REQUESTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.min(total, EXACT_COUNT_LIMIT) / pageSize));
}

/** The log's total as shown: "567", or "1,000+" past the exact count, which is only an estimate. */
export function formatRequestTotal(total: number): string {
  return isCountEstimated(total) ? `${EXACT_COUNT_LIMIT.toLocaleString('en')}+` : total.toLocaleString('en');
}

function isTimeRange(v: string | null): v is TimeRange {
  return v !== null && (TIME_RANGES as readonly string[]).includes(v);
}

function isStatus(v: string | null): v is ValidationStatus {
  return v !== null && (REQUEST_STATUSES as readonly string[]).includes(v);
}

const RULE_ID_RE = /^[a-z_]+\.[A-Za-z0-9_.-]+$/;

/** Reads the filters from the page URL (?website=&status=&event=&rule=&range=&q=&page=); unknown values are ignored. */
export function filtersFromSearch(params: URLSearchParams): { filters: RequestFilters; page: number } {
  const text = (key: string) => {
    const v = params.get(key)?.trim();
    return v ? v : null;
  };
  const rule = text('rule');
  const pageNumber = Number(params.get('page'));
  return {
    filters: {
      websiteId: text('website'),
      status: isStatus(text('status')) ? (text('status') as ValidationStatus) : null,
      eventName: text('event'),
      ruleId: rule && RULE_ID_RE.test(rule) ? rule : null,
      range: isTimeRange(text('range')) ? (text('range') as TimeRange) : DEFAULT_FILTERS.range,
      search: parseSearch(text('q'))?.value ?? null,
    },
    page: Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1,
  };
}

/** The URL query for filters (defaults left out), e.g. "rule=basic.cid_present&range=1h". */
export function searchFromFilters(filters: Partial<RequestFilters>, page = 1): string {
  const params = new URLSearchParams();
  if (filters.websiteId) params.set('website', filters.websiteId);
  if (filters.status) params.set('status', filters.status);
  if (filters.eventName) params.set('event', filters.eventName);
  if (filters.ruleId) params.set('rule', filters.ruleId);
  if (filters.range && filters.range !== DEFAULT_FILTERS.range) params.set('range', filters.range);
  const search = parseSearch(filters.search);
  if (search) params.set('q', search.value);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** A link to the requests log with filters. */
export function requestsLink(filters: Partial<RequestFilters>): string {
  const search = searchFromFilters(filters);
  return search ? `/app/requests?${search}` : '/app/requests';
}

/** The `website` URL value that asks for every website of the organization. */
export const ALL_WEBSITES = 'all';

/** The website to filter by: the URL's choice, 'all' for none, else the current website. */
export function resolveWebsiteFilter(fromUrl: string | null, currentWebsiteId: string | null): string | null {
  if (fromUrl === ALL_WEBSITES) return null;
  return fromUrl ?? currentWebsiteId;
}
