import { Anchor, Paper, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SUPER_ADMIN_NAV_ITEMS } from './nav-items';
import { useDebouncedValue } from '@mantine/hooks';
import type { SearchResults } from '../../../../shared/super-admin-console';
import { useConsoleQuery } from '../console/use-console';
import { normalizeQuery, SEARCH_QUERY_MAX, searchSuggestions } from './sidebar-search';

/** Search box: suggests a user or organization search and matching sections; Enter opens the first. */
export function SidebarSearch({ onNavigate }: { onNavigate?: () => void }) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const listId = useId();
  // Typeahead: the server is asked once typing pauses, for at least two characters.
  const [debounced] = useDebouncedValue(normalizeQuery(query), 200);
  const matches = useConsoleQuery<SearchResults>(`search?q=${encodeURIComponent(debounced)}`, debounced.length >= 2);
  const suggestions = searchSuggestions(query, SUPER_ADMIN_NAV_ITEMS, debounced === normalizeQuery(query) ? matches.data : undefined);

  const go = (to: string) => {
    setQuery('');
    onNavigate?.();
    navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && suggestions[0]) {
      event.preventDefault();
      go(suggestions[0].to);
    } else if (event.key === 'Escape') {
      setQuery('');
    }
  };

  return (
    <Stack gap={4} role="search">
      <TextInput
        placeholder="Search users, organizations..."
        aria-label="Search users, organizations and admin sections"
        aria-controls={suggestions.length > 0 ? listId : undefined}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={query}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {suggestions.length > 0 && (
        <Paper withBorder p="xs" component="ul" id={listId} aria-label="Search suggestions" style={{ listStyle: 'none', margin: 0 }}>
          {suggestions.map((suggestion) => (
            <li key={suggestion.to}>
              <Anchor
                component={Link}
                to={suggestion.to}
                fz="sm"
                onClick={() => {
                  setQuery('');
                  onNavigate?.();
                }}
              >
                {suggestion.label}
              </Anchor>
            </li>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
