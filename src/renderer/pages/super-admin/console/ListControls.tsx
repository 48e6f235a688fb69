import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';

/** The list state lives in the URL (?q, page, sort, dir), so the sidebar search and the back button work. */
export function useListParams(defaultSort: string) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const sort = params.get('sort') ?? defaultSort;
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const update = (next: Record<string, string | null>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [k, v] of Object.entries(next)) {
        if (v === null || v === '') copy.delete(k);
        else copy.set(k, v);
      }
      return copy;
    });
  const query = new URLSearchParams({ page: String(page), pageSize: '25', sort, dir });
  if (q) query.set('q', q);
  return {
    q,
    page,
    sort,
    dir,
    apiQuery: query.toString(),
    setQ: (value: string) => update({ q: value, page: null }),
    setPage: (value: number) => update({ page: String(value) }),
    toggleSort: (column: string) => update({ sort: column, dir: sort === column && dir === 'desc' ? 'asc' : 'desc', page: null }),
  };
}

export function ListSearch({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <TextInput
      label={label}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      defaultValue={value}
      key={value}
      maw={360}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(event.currentTarget.value.trim());
      }}
      onBlur={(event) => {
        if (event.currentTarget.value.trim() !== value) onChange(event.currentTarget.value.trim());
      }}
    />
  );
}

export function ListFooter({ total, page, pageSize, onPage }: { total: number; page: number; pageSize: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed">
        {total === 1 ? '1 result' : `${total.toLocaleString('en-US')} results`}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} aria-label="Pages" />}
    </Group>
  );
}

/** A column header that sorts; aria-sort tells screen readers the current order. */
export function SortHeader({ label, column, sort, dir, onSort }: { label: string; column: string; sort: string; dir: string; onSort: (c: string) => void }) {
  const active = sort === column;
  return (
    <th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => onSort(column)} style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}>
        {label}
        {active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
}
