/** The website to show: the remembered one if it belongs to the organization, else the first, else none. */
export function selectCurrentWebsite<T extends { id: string; organization_id: string }>(
  websites: readonly T[],
  organizationId: string | null,
  storedId: string | null,
): T | null {
  const own = websites.filter((site) => site.organization_id === organizationId);
  if (storedId) {
    const stored = own.find((site) => site.id === storedId);
    if (stored) return stored;
  }
  return own[0] ?? null;
}
