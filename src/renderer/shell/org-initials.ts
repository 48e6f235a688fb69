export const MAX_INITIALS = 2;

/** Initials of an organization name for the avatar: first letters of its words, up to 2, upper-cased. */
export function organizationInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const initials = words
    .slice(0, MAX_INITIALS)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
  return initials || '?';
}
