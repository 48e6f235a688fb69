export const ruleKeys = {
  all: ['rules'] as const,
  /** A website's overrides of catalogue rules. */
  settings: (websiteId: string | undefined) => [...ruleKeys.all, 'settings', websiteId] as const,
  /** The organization's custom rules. */
  custom: (organizationId: string | undefined) => [...ruleKeys.all, 'custom', organizationId] as const,
};
