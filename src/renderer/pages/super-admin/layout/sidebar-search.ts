import type { SuperAdminNavItem } from './nav-items';

export interface SearchSuggestion {
  label: string;
  to: string;
}

/** Longest query the search accepts; longer input is cut, not rejected. */
export const SEARCH_QUERY_MAX = 100;

export function normalizeQuery(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, SEARCH_QUERY_MAX);
}

/** Users and organizations the server found for the query (the typeahead). */
export interface SearchMatches {
  users: ReadonlyArray<{ id: string; email: string; full_name: string | null }>;
  organizations: ReadonlyArray<{ id: string; name: string; slug: string }>;
}

/**
 * What the sidebar search offers for a query: first the matching users and organizations
 * themselves (their detail pages, so Enter opens the best match), then a search of users and of organizations
 * (their list pages filter by ?q=), then any admin section whose name or keywords match.
 * Enter picks the first suggestion; an empty query offers nothing.
 */
export function searchSuggestions(raw: string, items: readonly SuperAdminNavItem[], matches?: SearchMatches): SearchSuggestion[] {
  const query = normalizeQuery(raw);
  if (!query) return [];
  const found: SearchSuggestion[] = [
    ...(matches?.organizations ?? []).map((o) => ({ label: `Organization: ${o.name} (${o.slug})`, to: `/super-admin/organizations/${o.id}` })),
    ...(matches?.users ?? []).map((u) => ({ label: `User: ${u.email}${u.full_name ? ` (${u.full_name})` : ''}`, to: `/super-admin/users/${u.id}` })),
  ];
  const q = encodeURIComponent(query);
  const lower = query.toLowerCase();
  const sections = items
    .filter((item) => [item.label, ...item.keywords].some((word) => word.toLowerCase().includes(lower)))
    .map((item) => ({ label: `Go to ${item.label}`, to: item.path }));
  return [
    ...found,
    { label: `Users matching “${query}”`, to: `/super-admin/users?q=${q}` },
    { label: `Organizations matching “${query}”`, to: `/super-admin/organizations?q=${q}` },
    ...sections,
  ];
}
