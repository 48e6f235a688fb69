/** Where the contact form's mailto: link is addressed. */
export const CONTACT_EMAIL = 'hello@tracklint.com';

export interface SiteLink {
  label: string;
  to: string;
}

export const HEADER_LINKS: readonly SiteLink[] = [
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Docs', to: '/docs' },
  { label: 'Blog', to: '/blog' },
  { label: 'Demo', to: '/demo' },
  { label: 'About', to: '/about' },
];

export interface FooterGroup {
  title: string;
  links: readonly SiteLink[];
}

export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    title: 'Product',
    links: [
      { label: 'Monitoring', to: '/features/monitoring' },
      { label: 'Validation', to: '/features/validation' },
      { label: 'Alerts', to: '/features/alerts' },
      { label: 'Custom rules', to: '/features/custom-rules' },
      { label: 'Pricing', to: '/pricing' },
    ],
  },
  {
    title: 'Solutions',
    links: [
      { label: 'E-commerce', to: '/solutions/ecommerce' },
      { label: 'SaaS', to: '/solutions/saas' },
      { label: 'Enterprise', to: '/solutions/enterprise' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Docs', to: '/docs' },
      { label: 'Blog', to: '/blog' },
      { label: 'Demo', to: '/demo' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ],
  },
];
