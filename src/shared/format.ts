/** Formatting used across the product: USD in en-US by default, compact K/M with one decimal. */
export function formatCurrency(amount: number, currency = 'USD', locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

/** 999 → "999", 1,500 → "1.5K", 2,000,000 → "2.0M" (K from 1,000, M from 1,000,000, one decimal). */
export function formatCompactNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(value);
}

/** Initials of an organization name: first letters of its words, up to 2, upper-case. */
export function initials(name: string | null | undefined, max = 2): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, max)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** Default first-account slug: the email's local part, lower-cased, non-alphanumerics → '-', plus '-org'. */
export function defaultSlugFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  return `${local.toLowerCase().replace(/[^a-z0-9]/g, '-')}-org`;
}

/** A slug from an organization name: lower-case, runs of non-alphanumerics → '-', trimmed, max 63. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/g, '');
}

const INTEGER = new Intl.NumberFormat('en-US');

/** A plan limit: -1 (unlimited) → "Unlimited", else the number ("250,000"). */
export function formatLimit(limit: number): string {
  return limit === -1 ? 'Unlimited' : INTEGER.format(limit);
}

/**
 * Usage against a limit in words: "1 of 5", and "3 (no limit)" where the plan has none
 * ("1 of Unlimited" reads as a quota that is not there).
 */
export function formatUsageOfLimit(used: number, limit: number | undefined): string {
  if (limit === undefined) return `${INTEGER.format(used)} of —`;
  return limit === -1 ? `${INTEGER.format(used)} (no limit)` : `${INTEGER.format(used)} of ${INTEGER.format(limit)}`;
}

/** "Websites: 1 of 5 on your plan." or, without a limit, "Websites: 3, no limit on your plan." (used unknown: "…"). */
export function planUsageSentence(label: string, used: number | undefined, limit: number): string {
  const count = used === undefined ? '…' : INTEGER.format(used);
  return limit === -1 ? `${label}: ${count}, no limit on your plan.` : `${label}: ${count} of ${INTEGER.format(limit)} on your plan.`;
}
