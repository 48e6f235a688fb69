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
