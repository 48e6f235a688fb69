/** Pure rules of the organization screens. */

/** Where to go after deleting an organization: the first other one the user belongs to, else none (the setup screen). */
export function organizationAfterDelete<T extends { id: string }>(organizations: readonly T[], deletedId: string): T | null {
  return organizations.find((org) => org.id !== deletedId) ?? null;
}

/** Only the fields that changed (trimmed), for PATCH /api/organizations/{id}. */
export function changedOrganizationFields(
  current: { name: string; slug: string },
  edited: { name: string; slug: string },
): { name?: string; slug?: string } {
  const changes: { name?: string; slug?: string } = {};
  if (edited.name.trim() !== current.name) changes.name = edited.name.trim();
  if (edited.slug.trim() !== current.slug) changes.slug = edited.slug.trim();
  return changes;
}

/** The typed confirmation matches the organization's name exactly (ignoring surrounding spaces). */
export function isDeleteConfirmed(typed: string, organizationName: string): boolean {
  return typed.trim() !== '' && typed.trim() === organizationName.trim();
}
