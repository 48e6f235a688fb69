export const trackingPlanKeys = {
  all: ['tracking-plans'] as const,
  /** The plan a website follows, its draft and its published versions. */
  website: (websiteId: string | undefined) => [...trackingPlanKeys.all, 'website', websiteId] as const,
  draft: (draftId: string | undefined) => [...trackingPlanKeys.all, 'draft', draftId] as const,
  inventory: (websiteId: string | undefined, days: number) => [...trackingPlanKeys.all, 'inventory', websiteId, days] as const,
  /** Which plan each website of the organization follows (plan sharing). */
  assignments: (organizationId: string | undefined) => [...trackingPlanKeys.all, 'assignments', organizationId] as const,
  /** The website's drift alerts, for the timeline. */
  drift: (websiteId: string | undefined) => [...trackingPlanKeys.all, 'drift', websiteId] as const,
};
