import { BLOG_POSTS, blogPostPath } from './blog-posts';
import { FEATURE_PAGES } from './feature-pages';
import { SOLUTION_PAGES } from './solution-pages';

/** The description every page falls back to (also in index.html for clients that run no script). */
export const DEFAULT_DESCRIPTION = 'Tracklint validates every GA4 tracking request your websites send.';

/** One sentence per public page, for the meta description and Open Graph cards when a page is shared. */
const FIXED: Record<string, string> = {
  '/': 'Tracklint checks every GA4 hit your websites send against 89 rules and alerts you when tracking breaks, before your reports go wrong.',
  '/pricing': 'Tracklint plans from Free to Enterprise: monthly requests, websites, team members and custom rules per plan, with a 14-day trial on paid plans.',
  '/features': 'Monitoring, validation, alerts and custom rules for GA4: what Tracklint checks in every tracking request and how it tells you.',
  '/about': 'Why we built Tracklint: GA4 data people can trust, checked request by request.',
  '/contact': 'Contact the Tracklint team about plans, onboarding or a GA4 tracking problem.',
  '/docs': 'Connect your site to Tracklint: the tracker snippet, the Measurement Protocol and how to check that hits arrive.',
  '/blog': 'Articles on GA4 tracking quality: consent signals, e-commerce events and the checks that catch broken data.',
  '/demo': 'Explore Tracklint with a sample organization: dashboard, requests log and findings, no account needed.',
  '/privacy': 'How Tracklint handles personal data in the GA4 requests it validates and in your account.',
  '/terms': 'The terms that govern the use of Tracklint.',
  '/validation-page': 'Paste a GA4 request and check it against Tracklint’s rules in your browser; nothing is sent or stored.',
};

function firstSentence(text: string): string {
  const end = text.indexOf('. ');
  return end > 0 ? text.slice(0, end + 1) : text;
}

export const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ...FIXED,
  ...Object.fromEntries(FEATURE_PAGES.map((page) => [`/features/${page.slug}`, firstSentence(page.intro)])),
  ...Object.fromEntries(SOLUTION_PAGES.map((page) => [`/solutions/${page.slug}`, firstSentence(page.intro)])),
  ...Object.fromEntries(BLOG_POSTS.map((post) => [blogPostPath(post), post.summary])),
};

export function pageDescription(pathname: string): string {
  return PAGE_DESCRIPTIONS[pathname.replace(/\/+$/, '') || '/'] ?? DEFAULT_DESCRIPTION;
}
