/** The getting-started steps the dashboard shows until the first hit has arrived. */
export interface OnboardingStep {
  id: 'add-website' | 'install-script' | 'first-hit' | 'review-rules';
  label: string;
  done: boolean;
  href: string;
}

export interface OnboardingFacts {
  websiteCount: number;
  /** The current website's verification status (null without a website). */
  verificationStatus: string | null;
  /** The current website's id, for the install link. */
  websiteId: string | null;
  /** Requests seen in the period shown. */
  requestCount: number;
}

export function onboardingSteps(facts: OnboardingFacts): OnboardingStep[] {
  const hasWebsite = facts.websiteCount > 0;
  const verified = facts.verificationStatus === 'verified';
  const install = facts.websiteId ? `/app/websites?website=${encodeURIComponent(facts.websiteId)}` : '/app/websites/add';
  return [
    { id: 'add-website', label: 'Add your website', done: hasWebsite, href: '/app/websites/add' },
    { id: 'install-script', label: 'Add the tracker script before your Google tag', done: verified, href: install },
    { id: 'first-hit', label: 'Receive the first GA4 hit', done: verified || facts.requestCount > 0, href: install },
    { id: 'review-rules', label: 'Review the validation rules', done: false, href: '/app/rules/basic' },
  ];
}

/** The checklist shows while there is no website or the current one has not received a hit. */
export function showOnboarding(facts: OnboardingFacts): boolean {
  return facts.websiteCount === 0 || (facts.verificationStatus !== 'verified' && facts.requestCount === 0);
}
