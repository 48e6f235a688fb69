import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSuperAdminConfig } from '../session/SuperAdminConfig';
import { useSuperAdminSession } from '../session/SuperAdminSessionProvider';
import { consoleRequest } from './console-api';

/** Query keys of the console: every key starts with 'super-admin-console' so an action can refresh them all. */
export const consoleKeys = {
  all: ['super-admin-console'] as const,
  path: (path: string) => ['super-admin-console', path] as const,
};

function useToken(): string {
  const { state } = useSuperAdminSession();
  return state.status === 'signed-in' ? state.sessionToken : '';
}

/** A console read; operators want fresh numbers, so it is kept for 30 s. */
export function useConsoleQuery<T>(path: string, enabled = true) {
  const config = useSuperAdminConfig();
  const token = useToken();
  return useQuery({
    queryKey: consoleKeys.path(path),
    queryFn: () => consoleRequest<T>(config, token, path),
    enabled: enabled && token !== '',
    staleTime: 30_000,
  });
}

/** A console action; on success every console read is refetched (lists, details, the audit log). */
export function useConsoleAction<T = unknown>() {
  const config = useSuperAdminConfig();
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => consoleRequest<T>(config, token, path, body),
    onSuccess: () => client.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
