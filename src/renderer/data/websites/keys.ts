export const websiteKeys = {
  all: ['websites'] as const,
  /** Websites of one organization, newest first. */
  list: (organizationId: string | undefined) => [...websiteKeys.all, 'list', organizationId] as const,
};
