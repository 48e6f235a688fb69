import { normalizePlan, planName } from '../../../shared/plans';

/** The billing page's query parameters (spec section 2): why the user was sent here. */
export interface BillingParams {
  /** The plan needed. */
  upgrade: string | null;
  feature: string | null;
  /** Where the user came from, e.g. 'sidebar' or 'rules-gate'. */
  source: string | null;
  /** The plan they are on. */
  current: string | null;
}

export function parseBillingParams(params: URLSearchParams): BillingParams {
  const read = (key: string) => {
    const value = params.get(key)?.trim();
    return value ? value : null;
  };
  return { upgrade: read('upgrade'), feature: read('feature'), source: read('source'), current: read('current') };
}

const ACRONYMS = new Set(['api', 'sso', 'ga4']);

/** "custom_rules" → "Custom Rules", "api_access" → "API Access". */
export function featureLabel(feature: string): string {
  return feature
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join(' ');
}

/**
 * Why the billing page was opened: "Custom Rules requires the Pro plan" (+ the current plan), or
 * null when no upgrade was asked for. Only known plans are named; anything else is ignored.
 */
export function upgradeExplanation(params: BillingParams): string | null {
  if (!params.upgrade) return null;
  const required = planName(normalizePlan(params.upgrade.toLowerCase()));
  const first = params.feature ? `${featureLabel(params.feature)} requires the ${required} plan` : `The ${required} plan was selected`;
  const current = params.current ? ` (you are on ${planName(normalizePlan(params.current.toLowerCase()))})` : '';
  return `${first}${current}.`;
}
