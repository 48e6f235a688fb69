import { useMemo } from 'react';
import { Alert, Code, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { decodeRequest, rulesRunText, tiersForPlan } from '../../../shared/ga4';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import { useRequestDetailQuery } from '../../data/requests/request-detail-query';
import type { RequestDetailRow } from '../../data/requests/types';
import { useCustomRulesQuery } from '../../data/rules/custom-rules-query';
import { errorMessage } from '../../notifications/toast-catalogue';
import { VerdictSummary } from '../../components/VerdictSummary';
import { EventsView } from '../../components/hits/EventsView';
import { FindingsList } from '../../components/hits/FindingsList';
import { customRuleTitles } from './custom-titles';
import { eventViewsFromDecoded, eventViewsFromStored, type EventView } from '../../components/hits/event-views';
import { formatDateTime } from './format-time';
import { findingCounts } from '../../lib/plural';

/** The full events of a logged request: decoded again from its URL and body, else the stored compact form. */
export function eventViewsForRow(row: RequestDetailRow): EventView[] {
  const decoded = decodeRequest({ method: row.method, url: row.url, body: row.body, headers: row.user_agent ? { 'user-agent': row.user_agent } : {} });
  return decoded.ok ? eventViewsFromDecoded(decoded.request.events) : eventViewsFromStored(row.events);
}

/** One request of the log: summary, findings grouped by severity, decoded events and the raw request. */
export function RequestDetailDrawer({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  return (
    <Drawer opened={requestId !== null} onClose={onClose} position="right" size="xl" title="Request details">
      {requestId && <RequestDetail requestId={requestId} />}
    </Drawer>
  );
}

function RequestDetail({ requestId }: { requestId: string }) {
  const { organization } = useCurrentOrganization();
  const query = useRequestDetailQuery(requestId);
  const customRules = useCustomRulesQuery(organization?.id);
  const titles = useMemo(() => customRuleTitles(customRules.data), [customRules.data]);
  const events = useMemo(() => (query.data ? eventViewsForRow(query.data) : []), [query.data]);
  if (query.isPending) return <Loader aria-label="Loading request" />;
  if (query.isError) return <Alert color="red" title="The request could not be loaded">{errorMessage(query.error) ?? 'Try again later.'}</Alert>;
  const row = query.data;
  if (!row) return <Alert color="gray">This request is no longer in the log (past your plan's retention).</Alert>;
  return (
    <Stack gap="lg" data-testid="request-detail" data-status={row.status}>
      <VerdictSummary
        status={row.status}
        withheld={row.withheld}
        plan={organization?.plan ?? 'free'}
        source="request-drawer"
        ranWhenComplete={rulesRunText(tiersForPlan(organization?.plan))}
      />
      <Group gap="sm">
        <Text size="sm">{formatDateTime(row.received_at)}</Text>
        <Text size="sm" c="dimmed">
          {row.format === 'mp' ? 'Measurement Protocol' : 'gtag'} · {row.method} · {row.source.replace('_', ' ')}
        </Text>
      </Group>
      <Text size="sm">
        Measurement ID <Code>{row.measurement_id ?? '(none)'}</Code> · client ID <Code>{row.client_id ?? '(none)'}</Code>
      </Text>
      <section aria-label="Findings">
        <Title order={2} size="h4" mb="xs">
          Findings ({findingCounts({ error: row.error_count, warning: row.warning_count, info: row.info_count })})
        </Title>
        <FindingsList issues={row.issues} customTitles={titles} headingOrder={3} partial={row.withheld !== null} />
      </section>
      <section aria-label="Decoded events">
        <Title order={2} size="h4" mb="xs">
          Decoded events
        </Title>
        <EventsView events={events} />
      </section>
      <section aria-label="Raw request">
        <Title order={2} size="h4" mb="xs">
          Raw request
        </Title>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {`${row.method} ${row.url}${row.body ? `\n\n${row.body}` : ''}`}
        </Code>
        {row.user_agent && (
          <Text size="xs" c="dimmed" mt={4}>
            User-Agent: {row.user_agent}
          </Text>
        )}
      </section>
    </Stack>
  );
}
