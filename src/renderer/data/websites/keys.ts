export const websiteKeys = {
  all: ['websites'] as const,
  /** Websites of one organization, newest first. */
  list: (organizationId: string | undefined) => [...websiteKeys.all, 'list', organizationId] as const,
  /** The same list with every column the website screens need (site key, measurement ids, facts). */
  details: (organizationId: string | undefined) => [...websiteKeys.all, 'details', organizationId] as const,
  /** One website, polled while it waits for its first hit. */
  detail: (websiteId: string | undefined) => [...websiteKeys.all, 'detail', websiteId] as const,
  /** A website's Measurement Protocol secrets (owners and admins). */
  mpSecrets: (websiteId: string | undefined) => [...websiteKeys.all, 'mp-secrets', websiteId] as const,
  /** Hits the collector refused recently for each website of an organization. */
  refusedByWebsite: (organizationId: string | undefined) => [...websiteKeys.all, 'refused-by-website', organizationId] as const,
  /** Hits the collector refused for a website recently, by reason. */
  refusedHits: (websiteId: string | undefined) => [...websiteKeys.all, 'refused-hits', websiteId] as const,
};
