import { QueryClient } from '@tanstack/react-query';

/**
 * One QueryClient for the app. Each query sets its own staleTime from data/cache-times.ts;
 * the default here only covers queries that forget to.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30 * 1000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
  });
}
