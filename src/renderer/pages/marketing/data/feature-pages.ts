import type { PlanId } from './plans';

export interface FeaturePoint {
  title: string;
  text: string;
}

export interface FeaturePageContent {
  slug: 'monitoring' | 'validation' | 'alerts' | 'custom-rules';
  name: string;
  title: string;
  intro: string;
  points: readonly FeaturePoint[];
  /** Cheapest plan that includes the feature, shown as "Available from ...". */
  availableFrom: PlanId;
}

export const FEATURE_PAGES: readonly FeaturePageContent[] = [
  {
    slug: 'monitoring',
    name: 'Monitoring',
    title: 'See every GA4 hit your sites send',
    intro:
      'Your sites send Tracklint a copy of each GA4 request. Tracklint decodes it into events, parameters, items and consent state, and keeps a searchable log per website.',
    points: [
      {
        title: 'Decoded, not raw',
        text: 'gtag /g/collect hits, batched events and Measurement Protocol JSON are decoded into readable events with their parameters, user properties and items.',
      },
      {
        title: 'A request log per website',
        text: 'Filter by event name, status or time to find the hit behind a number that looks wrong.',
      },
      {
        title: 'Charts over time',
        text: 'Volumes and validation results are charted, so a drop after a release is visible at a glance.',
      },
    ],
    availableFrom: 'free',
  },
  {
    slug: 'validation',
    name: 'Validation',
    title: 'Validate each hit against clear rules',
    intro:
      'Every decoded hit runs through structural rules on all plans, and through 70 business rules on Starter and above.',
    points: [
      {
        title: 'Structural rules',
        text: 'Endpoint, protocol version, measurement ID, client ID, event and parameter naming, value lengths and counts.',
      },
      {
        title: 'Consent and GDPR (15 rules)',
        text: 'Consent Mode v2 signals present and consistent, denied defaults in the EU, no User-ID when analytics storage is denied.',
      },
      {
        title: 'E-commerce (20 rules)',
        text: 'Transaction IDs, numeric values, ISO 4217 currencies, complete items and duplicate purchases.',
      },
      {
        title: 'Session and attribution (20 rules)',
        text: 'Session IDs and counters, engagement time, UTM completeness, self-referrals and cross-domain linking.',
      },
      {
        title: 'Data quality (15 rules)',
        text: 'Personal data in URLs and parameters, reserved names, placeholder values such as undefined, and debug traffic in production.',
      },
    ],
    availableFrom: 'free',
  },
  {
    slug: 'alerts',
    name: 'Alerts',
    title: 'Hear about broken tracking the day it breaks',
    intro:
      'Tracklint raises an alert when hits start failing validation, so a tagging mistake is fixed before it becomes a month of bad data.',
    points: [
      {
        title: 'Alerts on failures',
        text: 'Every plan gets alerts when validation fails for a website.',
      },
      {
        title: 'Custom alerts',
        text: 'From Starter, choose which rules and websites raise alerts.',
      },
      {
        title: 'Usage warnings',
        text: 'You are warned as your organization approaches its plan limits, before anything stops.',
      },
    ],
    availableFrom: 'free',
  },
  {
    slug: 'custom-rules',
    name: 'Custom rules',
    title: 'Encode your own tracking plan as rules',
    intro:
      'Every business has conventions GA4 cannot know about. Custom rules check them on every hit, next to the built-in rules.',
    points: [
      {
        title: 'Your naming conventions',
        text: 'Require parameters on your own events, or values from a fixed list.',
      },
      {
        title: 'Same results, same alerts',
        text: 'Custom rule failures appear in the request log, charts and alerts like any built-in rule.',
      },
      {
        title: 'Available on Pro and Enterprise',
        text: 'Custom rules come with the Pro plan, together with API access.',
      },
    ],
    availableFrom: 'pro',
  },
];
