export const organizationKeys = {
  all: ['organizations'] as const,
  /** The organizations the user is an active member of. */
  list: (userId: string | undefined) => [...organizationKeys.all, 'list', userId] as const,
  detail: (organizationId: string | undefined) => [...organizationKeys.all, 'detail', organizationId] as const,
  /** Organizations the user created but is no longer linked to (Fix Account Link). */
  unlinked: (userId: string | undefined) => [...organizationKeys.all, 'unlinked', userId] as const,
  slugAvailability: (slug: string) => [...organizationKeys.all, 'slug-availability', slug] as const,
};
