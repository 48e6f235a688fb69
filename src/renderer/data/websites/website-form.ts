/**
 * Pure rules for the website forms: the domain as the database stores it, GA4 measurement ids
 * and currency codes. They mirror the checks of the websites table so bad input is explained
 * before it reaches the server.
 */

/** The websites.domain check constraint: lower-case labels with at least one dot. */
const DOMAIN_RE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
const MEASUREMENT_ID_RE = /^G-[A-Z0-9]{4,20}$/;
const CURRENCY_RE = /^[A-Z]{3}$/;
export const MAX_CURRENCIES = 20;

export type DomainResult = { ok: true; domain: string } | { ok: false; error: string };

/**
 * "https://Shop.Example.com:8080/cart?x=1" → "shop.example.com". Strips the scheme, credentials,
 * port, path, query and a trailing dot; international names become punycode (as browsers send them).
 */
export function normalizeDomain(input: string): DomainResult {
  let host = input.trim();
  if (host === '') return { ok: false, error: 'Enter the domain of your website, e.g. shop.example.com' };
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^\/\//, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host.replace(/^[^@]*@/, '').replace(/:\d*$/, '').replace(/\.$/, '');
  if (host === '') return { ok: false, error: 'Enter the domain of your website, e.g. shop.example.com' };
  let ascii: string;
  try {
    ascii = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return { ok: false, error: `"${input.trim()}" is not a valid domain` };
  }
  if (!DOMAIN_RE.test(ascii)) {
    return {
      ok: false,
      error: ascii.includes('.')
        ? `"${ascii}" is not a valid domain: use letters, digits and hyphens, e.g. shop.example.com`
        : 'Enter a full domain with a dot, e.g. shop.example.com',
    };
  }
  return { ok: true, domain: ascii };
}

export interface ListResult {
  values: string[];
  /** Entries that are not valid, as typed. */
  invalid: string[];
}

function splitList(input: string): string[] {
  return input
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** "g-abc1234, G-XYZ9876" → ["G-ABC1234", "G-XYZ9876"] (upper-cased, de-duplicated, order kept). */
export function parseMeasurementIds(input: string): ListResult {
  const values: string[] = [];
  const invalid: string[] = [];
  for (const raw of splitList(input)) {
    const id = raw.toUpperCase();
    if (!MEASUREMENT_ID_RE.test(id)) invalid.push(raw);
    else if (!values.includes(id)) values.push(id);
  }
  return { values, invalid };
}

/** "eur usd" → ["EUR", "USD"]: ISO 4217 codes the shop sells in (at most 20, as the database allows). */
export function parseCurrencies(input: string): ListResult {
  const values: string[] = [];
  const invalid: string[] = [];
  for (const raw of splitList(input)) {
    const code = raw.toUpperCase();
    if (!CURRENCY_RE.test(code)) invalid.push(raw);
    else if (!values.includes(code)) values.push(code);
  }
  return { values: values.slice(0, MAX_CURRENCIES), invalid };
}

export function measurementIdsError(result: ListResult): string | undefined {
  if (result.invalid.length === 0) return undefined;
  return `Not a GA4 measurement ID: ${result.invalid.join(', ')} (expected G-XXXXXXX)`;
}

export function currenciesError(result: ListResult): string | undefined {
  if (result.invalid.length === 0) return undefined;
  return `Not a currency code: ${result.invalid.join(', ')} (expected three letters, e.g. EUR)`;
}

export interface AddWebsiteValues {
  name: string;
  domain: string;
  measurementIds: string;
}

export type AddWebsiteErrors = Partial<Record<keyof AddWebsiteValues, string>>;

/** Validates the add-website form; on success gives the values as the database stores them. */
export function validateAddWebsite(
  values: AddWebsiteValues,
): { ok: true; value: { name: string; domain: string; measurementIds: string[] } } | { ok: false; errors: AddWebsiteErrors } {
  const errors: AddWebsiteErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Name is required';
  else if (name.length > 100) errors.name = 'Name must be at most 100 characters';
  const domain = normalizeDomain(values.domain);
  if (!domain.ok) errors.domain = domain.error;
  const ids = parseMeasurementIds(values.measurementIds);
  const idsError = measurementIdsError(ids);
  if (idsError) errors.measurementIds = idsError;
  if (Object.keys(errors).length > 0 || !domain.ok) return { ok: false, errors };
  return { ok: true, value: { name, domain: domain.domain, measurementIds: ids.values } };
}

/** Whether an error from creating a website is the plan's website limit (raised by the database trigger). */
export function isWebsiteLimitError(message: string | null | undefined): boolean {
  return Boolean(message && /Website limit reached for your plan/i.test(message));
}
