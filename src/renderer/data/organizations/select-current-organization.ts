/**
 * The organization to work in: the remembered one if the user still belongs to it, else the
 * first, else none.
 */
export function selectCurrentOrganization<T extends { id: string }>(organizations: readonly T[], storedId: string | null): T | null {
  if (storedId) {
    const stored = organizations.find((org) => org.id === storedId);
    if (stored) return stored;
  }
  return organizations[0] ?? null;
}
