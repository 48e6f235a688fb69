export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (organizationId: string | undefined) => [...apiKeyKeys.all, 'list', organizationId] as const,
};
