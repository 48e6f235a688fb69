export const alertKeys = {
  all: ['alerts'] as const,
  /** Unresolved alerts and the most recent resolved ones. */
  list: (organizationId: string | undefined) => [...alertKeys.all, 'list', organizationId] as const,
  rules: (organizationId: string | undefined) => [...alertKeys.all, 'rules', organizationId] as const,
  channels: (organizationId: string | undefined) => [...alertKeys.all, 'channels', organizationId] as const,
  deliveries: (organizationId: string | undefined) => [...alertKeys.all, 'deliveries', organizationId] as const,
};

/** Alerts are opened by the server every minute: the page refreshes them at that pace. */
export const ALERTS_REFRESH_MS = 30_000;
