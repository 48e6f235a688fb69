import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Collapse,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconFilter, IconRefresh } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { ruleCatalogue } from '../../../shared/ga4';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import {
  ALL_WEBSITES,
  REQUESTS_PAGE_SIZE,
  REQUEST_STATUSES,
  TIME_RANGES,
  TIME_RANGE_LABELS,
  filtersFromSearch,
  formatRequestTotal,
  pageCount,
  resolveWebsiteFilter,
  searchFromFilters,
  type RequestFilters,
} from '../../data/requests/request-filters';
import { useRequestPageQuery } from '../../data/requests/requests-query';
import type { RequestSummaryRow } from '../../data/requests/types';
import { useCurrentWebsite } from '../../data/websites/use-current-website';
import { useDocumentTitle } from '../../lib/use-document-title';
import { errorMessage } from '../../notifications/toast-catalogue';
import { STATUS_COLORS, STATUS_LABELS, VerdictCaption } from '../../components/VerdictSummary';
import { formatDateTime } from './format-time';
import { RequestDetailDrawer } from './RequestDetailDrawer';
import { countOf } from '../../lib/plural';
import { useAtomValue } from 'jotai';
import { breakpointAtom } from '../../state/ui-atoms';
import { activeFilterCount, compactFindings } from './components/findings-summary';

const RULE_OPTIONS = ruleCatalogue().map((r) => r.id);

/** /app/requests: the requests log, newest first, filtered and paginated; a row opens its details. */
export function RequestsPage() {
  useDocumentTitle('Requests');
  const { organization } = useCurrentOrganization();
  const { website, websites } = useCurrentWebsite();
  const [params, setParams] = useSearchParams();
  const { filters: urlFilters, page } = filtersFromSearch(params);
  const [live, setLive] = useState(true);
  // On a phone the filters fold away behind one button and the table keeps to the columns that fit.
  const mobile = useAtomValue(breakpointAtom) === 'mobile';
  const [filtersOpen, setFiltersOpen] = useState(false);
  const websiteParam = params.get('website');
  const filters: RequestFilters = { ...urlFilters, websiteId: resolveWebsiteFilter(websiteParam, website?.id ?? null) };
  const query = useRequestPageQuery(organization?.id, filters, page, live);
  const openRequest = params.get('request');
  const websiteNames = useMemo(() => new Map(websites.map((w) => [w.id, w.name || w.domain])), [websites]);

  function update(next: Partial<RequestFilters> & { websiteParam?: string | null }, nextPage = 1) {
    const merged = { ...urlFilters, websiteId: next.websiteParam !== undefined ? next.websiteParam : websiteParam, ...stripWebsite(next) };
    const search = new URLSearchParams(searchFromFilters(merged, nextPage));
    if (openRequest) search.set('request', openRequest);
    setParams(search);
  }

  function setOpenRequest(id: string | null) {
    const next = new URLSearchParams(params);
    if (id) next.set('request', id);
    else next.delete('request');
    setParams(next, { replace: true });
  }

  if (!organization) return null;
  const total = query.data?.total ?? 0;
  const rows = query.data?.rows ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Requests
          </Title>
          <Text c="dimmed">Every GA4 request received, with its validation result.</Text>
        </Stack>
        <Group gap="sm">
          <Switch label="Auto-refresh every 10 s" checked={live} onChange={(e) => setLive(e.currentTarget.checked)} />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
          >
            Refresh
          </Button>
        </Group>
      </Group>

      {mobile && (
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          aria-controls="request-filters"
          data-testid="requests-filters-toggle"
        >
          {activeFilterCount(filters) > 0 ? `Filters (${activeFilterCount(filters)})` : 'Filters'}
        </Button>
      )}
      <Collapse expanded={!mobile || filtersOpen}>
      <Paper withBorder p="md" radius="md" id="request-filters">
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter requests">
          <Select
            label="Website"
            w={200}
            data={[{ value: ALL_WEBSITES, label: 'All websites' }, ...websites.map((w) => ({ value: w.id, label: w.name || w.domain }))]}
            value={filters.websiteId ?? ALL_WEBSITES}
            onChange={(v) => update({ websiteParam: v ?? ALL_WEBSITES })}
            allowDeselect={false}
          />
          <Select
            label="Status"
            w={140}
            placeholder="Any"
            clearable
            data={REQUEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            value={filters.status}
            onChange={(v) => update({ status: (v as RequestFilters['status']) ?? null })}
          />
          <TextFilter label="Event name" placeholder="e.g. purchase" value={filters.eventName ?? ''} onApply={(v) => update({ eventName: v || null })} />
          <RuleFilter value={filters.ruleId ?? ''} onApply={(v) => update({ ruleId: v || null })} />
          <TextFilter label="Search" placeholder="Request, client or user ID" width={240} value={filters.search ?? ''} onApply={(v) => update({ search: v || null })} />
          <Select
            label="Time range"
            w={160}
            data={TIME_RANGES.map((r) => ({ value: r, label: TIME_RANGE_LABELS[r] }))}
            value={filters.range}
            onChange={(v) => update({ range: (v as RequestFilters['range']) ?? '24h' })}
            allowDeselect={false}
          />
          {params.toString() !== '' && (
            <Button variant="subtle" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          )}
        </Group>
      </Paper>
      </Collapse>

      {query.isPending ? (
        <Loader aria-label="Loading requests" />
      ) : query.isError ? (
        <Alert color="red" title="Requests could not be loaded">
          {errorMessage(query.error) ?? 'Try again later.'}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyLog hasWebsites={websites.length > 0} filtered={Boolean(filters.status || filters.eventName || filters.ruleId || filters.search)} />
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={mobile ? 0 : 800}>
            <Table highlightOnHover verticalSpacing="xs" data-testid="requests-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  {filters.websiteId === null && !mobile && <Table.Th>Website</Table.Th>}
                  <Table.Th>Status</Table.Th>
                  {!mobile && <Table.Th>Events</Table.Th>}
                  <Table.Th>Findings</Table.Th>
                  {!mobile && <Table.Th>Measurement ID</Table.Th>}
                  {!mobile && <Table.Th>Source</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <RequestRow
                    key={row.id}
                    row={row}
                    websiteName={filters.websiteId === null && !mobile ? (websiteNames.get(row.website_id) ?? '—') : null}
                    compact={mobile}
                    plan={organization.plan}
                    onOpen={() => setOpenRequest(row.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="requests-total">
              {(page - 1) * REQUESTS_PAGE_SIZE + 1}–{(page - 1) * REQUESTS_PAGE_SIZE + rows.length} of {formatRequestTotal(total)} {total === 1 ? 'request' : 'requests'}
            </Text>
            <Pagination total={pageCount(total)} value={page} onChange={(p) => update({}, p)} getControlProps={(c) => ({ 'aria-label': `${c} page` })} />
          </Group>
        </Stack>
      )}
      <RequestDetailDrawer requestId={openRequest} onClose={() => setOpenRequest(null)} />
    </Stack>
  );
}

function stripWebsite(next: Partial<RequestFilters> & { websiteParam?: string | null }): Partial<RequestFilters> {
  const copy: Partial<RequestFilters> & { websiteParam?: string | null } = { ...next };
  delete copy.websiteParam;
  delete copy.websiteId;
  return copy;
}

function RequestRow({ row, websiteName, plan, onOpen, compact }: { row: RequestSummaryRow; websiteName: string | null; plan: string; onOpen: () => void; compact: boolean }) {
  const names = row.event_names.join(', ');
  if (compact) {
    // Received (with the events under it), status and a findings count: what fits 375 px.
    const findings = compactFindings(row);
    return (
      <Table.Tr data-testid="request-row" data-request-id={row.id} data-status={row.status} style={{ cursor: 'pointer' }} onClick={onOpen}>
        <Table.Td>
          <UnstyledButton onClick={onOpen} aria-label={`Open request received ${formatDateTime(row.received_at)}: ${names}`}>
            <Text size="sm">{formatDateTime(row.received_at)}</Text>
            <Text size="xs" c="dimmed" truncate maw={150}>
              {names || '—'}
            </Text>
          </UnstyledButton>
        </Table.Td>
        <Table.Td>
          <Badge color={STATUS_COLORS[row.status]} variant="light">
            {STATUS_LABELS[row.status]}
          </Badge>
          <VerdictCaption status={row.status} withheld={row.withheld} plan={plan} />
        </Table.Td>
        <Table.Td data-testid="request-findings">
          <Text size="sm" c={findings.color} fw={600} title={findings.detail} aria-label={findings.detail}>
            {findings.label}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr data-testid="request-row" data-request-id={row.id} data-status={row.status} style={{ cursor: 'pointer' }} onClick={onOpen}>
      <Table.Td>
        <UnstyledButton onClick={onOpen} aria-label={`Open request received ${formatDateTime(row.received_at)}: ${names}`}>
          <Text size="sm">{formatDateTime(row.received_at)}</Text>
        </UnstyledButton>
      </Table.Td>
      {websiteName !== null && <Table.Td>{websiteName}</Table.Td>}
      <Table.Td>
        <Badge color={STATUS_COLORS[row.status]} variant="light">
          {STATUS_LABELS[row.status]}
        </Badge>
        <VerdictCaption status={row.status} withheld={row.withheld} plan={plan} />
      </Table.Td>
      <Table.Td maw={260}>
        <Text size="sm" truncate title={names}>
          {names || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {row.error_count > 0 && <Badge color="red" size="sm" variant="outline">{countOf(row.error_count, 'critical', 'critical')}</Badge>}
          {row.warning_count > 0 && <Badge color="yellow" size="sm" variant="outline">{countOf(row.warning_count, 'warning')}</Badge>}
          {row.info_count > 0 && <Badge color="blue" size="sm" variant="outline">{row.info_count} info</Badge>}
          {row.error_count + row.warning_count + row.info_count === 0 && <Text size="sm" c="dimmed">None</Text>}
        </Group>
      </Table.Td>
      <Table.Td>{row.measurement_id ?? '—'}</Table.Td>
      <Table.Td>
        <Text size="sm">{row.format === 'mp' ? 'MP' : 'gtag'}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

function TextFilter({ label, placeholder, value, onApply, width = 170 }: { label: string; placeholder: string; value: string; onApply: (v: string) => void; width?: number }) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  // Follow the URL when it changes from elsewhere (clear filters, back button).
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (text.trim() !== value) onApply(text.trim());
  }
  return <TextInput label={label} placeholder={placeholder} w={width} value={text} onChange={(e) => setText(e.currentTarget.value)} onBlur={() => submit()} onKeyDown={(e) => e.key === 'Enter' && submit()} />;
}

function RuleFilter({ value, onApply }: { value: string; onApply: (v: string) => void }) {
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  function apply(next: string) {
    if (next.trim() !== value) onApply(next.trim());
  }
  return (
    <Autocomplete
      label="Rule"
      placeholder="e.g. basic.cid_present"
      w={240}
      data={RULE_OPTIONS}
      limit={20}
      value={text}
      onChange={setText}
      onOptionSubmit={(v) => {
        setText(v);
        apply(v);
      }}
      onBlur={() => apply(text)}
      onKeyDown={(e) => e.key === 'Enter' && apply(text)}
    />
  );
}

function EmptyLog({ hasWebsites, filtered }: { hasWebsites: boolean; filtered: boolean }) {
  if (!hasWebsites)
    return (
      <Paper withBorder p="xl" radius="md" data-testid="requests-empty">
        <Stack align="flex-start">
          <Text>No website yet, so no requests. Add your website and its tracker script to start.</Text>
          <Button component={Link} to="/app/websites/add">
            Add a website
          </Button>
        </Stack>
      </Paper>
    );
  return (
    <Paper withBorder p="xl" radius="md" data-testid="requests-empty">
      <Text>
        {filtered
          ? 'No request matches these filters in this time range.'
          : 'No requests in this time range yet. Once the tracker script is on your site, each GA4 hit shows up here within seconds.'}
      </Text>
    </Paper>
  );
}
