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

/** "advanced_rules" → "Advanced rules". */
export function featureLabel(feature: string): string {
  const words = feature.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function planLabel(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1).toLowerCase();
}
