/** Organization slug derived from its name: lower-case, runs of non-alphanumerics → '-', no leading/trailing '-'. */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const DEFAULT_ACCOUNT_NAME = 'My Account';
export const DEFAULT_ACCOUNT_SLUG_SUFFIX = '-org';

/**
 * Default first-account values (spec section 5): the email's part before the @, lower-cased,
 * every non-alphanumeric character replaced by '-', plus '-org'; name 'My Account'; plan free.
 */
export function defaultAccountSlug(email: string): string {
  const at = email.indexOf('@');
  const local = at === -1 ? email : email.slice(0, at);
  return local.toLowerCase().replace(/[^a-z0-9]/g, '-') + DEFAULT_ACCOUNT_SLUG_SUFFIX;
}

export function defaultFirstAccount(email: string) {
  return { name: DEFAULT_ACCOUNT_NAME, slug: defaultAccountSlug(email), plan: 'free' as const };
}
