export interface PlaceholderPageContent {
  path: 'dashboard' | 'organizations' | 'users' | 'rules' | 'billing' | 'system';
  title: string;
  lead: string;
  willShow: readonly string[];
  /** Whether the sidebar search can send a ?q= query here. */
  searchable: boolean;
}

/** Sections whose data service is not built yet: each says what it will show. */
export const PLACEHOLDER_PAGES: readonly PlaceholderPageContent[] = [
  {
    path: 'dashboard',
    title: 'Dashboard',
    lead: 'A system-wide overview of Tracklint.',
    willShow: [
      'Organizations, users and websites, with growth over time',
      'GA4 hits received and validated, and the share that fail',
      'Open alerts across all organizations',
      'Recent super-admin sign-ins',
    ],
    searchable: false,
  },
  {
    path: 'organizations',
    title: 'Organizations',
    lead: 'Every organization on Tracklint.',
    willShow: [
      'Name, slug, plan and subscription status of each organization',
      'Trial end and current billing period',
      'Websites, team members and monthly requests against plan limits',
      'Owner and creation date',
    ],
    searchable: true,
  },
  {
    path: 'users',
    title: 'Users',
    lead: 'Every user account and the organizations it belongs to.',
    willShow: [
      'Email, sign-up date and whether the email is confirmed',
      'Organization memberships with role and status',
      'Last sign-in',
    ],
    searchable: true,
  },
  {
    path: 'rules',
    title: 'Rules',
    lead: 'The validation rule catalogue and how it performs.',
    willShow: [
      'Structural rules and the 70 advanced rules: consent/GDPR 15, e-commerce 20, session and attribution 20, data quality 15',
      'How often each rule fails across all organizations',
      'Custom rules per organization',
    ],
    searchable: false,
  },
  {
    path: 'billing',
    title: 'Billing',
    lead: 'Plans, subscriptions and invoices across organizations.',
    willShow: [
      'Organizations per plan: free, starter, pro and enterprise',
      'Active trials and their end dates',
      'Recent invoices and failed payments',
      'Plan limits and prices',
    ],
    searchable: false,
  },
  {
    path: 'system',
    title: 'System',
    lead: 'The health of the Tracklint service.',
    willShow: [
      'Ingestion rate and hits dropped, by reason',
      'Database and email delivery status',
      'Server version and recent errors',
    ],
    searchable: false,
  },
];
