export interface SolutionPageContent {
  slug: 'ecommerce' | 'saas' | 'enterprise';
  name: string;
  title: string;
  intro: string;
  problems: readonly string[];
  howTracklintHelps: readonly string[];
}

export const SOLUTION_PAGES: readonly SolutionPageContent[] = [
  {
    slug: 'ecommerce',
    name: 'E-commerce',
    title: 'Revenue you can trust in GA4',
    intro:
      'Online shops live on their purchase and funnel reports. Tracklint checks the e-commerce events behind them on every hit.',
    problems: [
      'Purchases counted twice when a thank-you page reloads.',
      'Revenue sent as text, or without a currency.',
      'Items missing IDs, prices or quantities after a theme update.',
      'Sessions split by payment-provider redirects, crediting the wrong channel.',
    ],
    howTracklintHelps: [
      '20 e-commerce rules cover transaction IDs, values, currencies, items, refunds and duplicate purchases.',
      'Session and attribution rules catch self-referrals from payment providers.',
      'Alerts tell you the day a checkout release breaks tracking.',
    ],
  },
  {
    slug: 'saas',
    name: 'SaaS',
    title: 'Product analytics without silent gaps',
    intro:
      'SaaS teams send events from the browser and from their servers. Tracklint validates both paths against the same rules.',
    problems: [
      'Server-side Measurement Protocol events that never reach reports, although every request returns 2xx.',
      'Sign-up and trial events renamed in one release and not the other.',
      'User IDs that are email addresses.',
    ],
    howTracklintHelps: [
      'Measurement Protocol payloads are checked for structure, session fields and timestamps.',
      'Custom rules (Pro) encode your own event names and required parameters.',
      'Data-quality rules flag personal data in User-IDs, URLs and parameters.',
    ],
  },
  {
    slug: 'enterprise',
    name: 'Enterprise',
    title: 'Tracking governance across many sites and teams',
    intro:
      'Large organizations run many properties, agencies and consent setups. Tracklint gives them one place to see whether tracking follows the rules.',
    problems: [
      'Consent Mode v2 rolled out unevenly across regions and sites.',
      'Many teams and agencies changing tags independently.',
      'Audits that happen once a year, long after data was lost.',
    ],
    howTracklintHelps: [
      'Unlimited websites and team members with owner, admin, member and viewer roles.',
      'Consent and GDPR rules on every hit, per website.',
      'API access with API keys, your own validation rules, no request quota and a year of history on Enterprise.',
    ],
  },
];
