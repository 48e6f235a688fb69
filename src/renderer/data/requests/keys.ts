import type { RequestFilters } from './request-filters';

export const requestKeys = {
  all: ['requests'] as const,
  /** One page of the log for an organization and filters. */
  list: (organizationId: string | undefined, filters: RequestFilters, page: number) =>
    [...requestKeys.all, 'list', organizationId, filters, page] as const,
  detail: (requestId: string | undefined) => [...requestKeys.all, 'detail', requestId] as const,
};
