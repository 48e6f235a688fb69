import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatCompactNumber } from '../../../shared/format';
import { planHasFeature } from '../../../shared/plans';
import { useFeatureAccessQuery } from '../../data/billing/feature-access-query';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { ALL_WEBSITES, requestsLink, type TimeRange } from '../../data/requests/request-filters';
import { bucketSeries, computeKpis, formatRate, totalsBy } from '../../data/rollups/aggregate';
import { PERIODS, PERIOD_LABELS, periodWindow, type Period } from '../../data/rollups/periods';
import { useRollupSeriesQuery } from '../../data/rollups/rollups-query';
import type { RollupDimension } from '../../data/rollups/types';
import { useCurrentWebsite } from '../../data/websites/use-current-website';
import { useDocumentTitle } from '../../lib/use-document-title';
import { errorMessage } from '../../notifications/toast-catalogue';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { upgradeLink } from '../../data/billing/plan-features';
import { KpiCard } from '../../components/charts/KpiCard';
import { StackedBarChart, type ChartSeries } from '../../components/charts/StackedBarChart';
import { TopList } from '../../components/charts/TopList';
import { STATUS_SERIES } from '../../components/charts/status-series';
import { ruleTitle, SEVERITY_LABELS } from '../../components/rule-labels';
import { familyTotals, FORMAT_LABELS } from './breakdowns';
import { organizationTimeZone } from '../../data/rollups/time-zone';

const DIMENSIONS: readonly RollupDimension[] = ['requests', 'status', 'format', 'event_name', 'rule', 'severity'];
const SEVERITY_SERIES: readonly ChartSeries[] = [
  { key: 'error', label: 'Critical', color: 'var(--mantine-color-red-6)' },
  { key: 'warning', label: 'Warnings', color: 'var(--mantine-color-yellow-5)' },
  { key: 'info', label: 'Info', color: 'var(--mantine-color-blue-5)' },
];
const FORMAT_SERIES: readonly ChartSeries[] = [
  { key: 'gtag', label: 'gtag', color: 'var(--mantine-color-indigo-5)' },
  { key: 'mp', label: 'Measurement Protocol', color: 'var(--mantine-color-grape-5)' },
];

/** /app/analytics: breakdowns and trends over a period (viewers have no access). */
export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  if (!permissionsForRole(organization.user_role).viewAnalytics) {
    return (
      <Stack gap="md" maw={640} data-testid="analytics-no-access">
        <Title order={1} size="h2">
          Analytics
        </Title>
        <Alert color="gray" icon={<IconLock aria-hidden />} title="Analytics is not available for viewers">
          Ask an owner or admin of {organization.name} for the member role to see trends and breakdowns.
        </Alert>
      </Stack>
    );
  }
  return <Analytics organization={organization} />;
}

function Analytics({ organization }: { organization: Organization }) {
  const { website, websites } = useCurrentWebsite();
  const [period, setPeriod] = useState<Period>('7d');
  const [scope, setScope] = useState<string | null>(null);
  const websiteId = scope === ALL_WEBSITES ? null : (scope ?? website?.id ?? null);
  const span = periodWindow(period, Date.now(), organizationTimeZone(organization.settings));
  const rollups = useRollupSeriesQuery(organization.id, websiteId, span, DIMENSIONS);
  const featureAccess = useFeatureAccessQuery(organization.id, 'advanced_analytics');
  const advanced = featureAccess.data ?? planHasFeature(organization.plan, 'advanced_analytics');
  const rows = useMemo(() => rollups.data ?? [], [rollups.data]);
  const kpis = computeKpis(rows, span);
  const range: TimeRange = period;
  const ruleTotals = totalsBy(rows, 'rule', span);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Analytics
          </Title>
          <Text c="dimmed">Trends in your tracking volume and quality.</Text>
        </Stack>
        <Group gap="sm" align="flex-end" w={{ base: '100%', sm: 'auto' }}>
          <Select
            label="Website"
            w={{ base: '100%', sm: 200 }}
            data={[{ value: ALL_WEBSITES, label: 'All websites' }, ...websites.map((w) => ({ value: w.id, label: w.name || w.domain }))]}
            value={websiteId ?? ALL_WEBSITES}
            onChange={(v) => setScope(v)}
            allowDeselect={false}
          />
          <SegmentedControl aria-label="Period" fullWidth w={{ base: '100%', sm: 'auto' }} value={period} onChange={(v) => setPeriod(v as Period)} data={PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))} />
        </Group>
      </Group>
      {rollups.isError ? (
        <Alert color="red" title="Analytics could not be loaded">
          {errorMessage(rollups.error) ?? 'Try again later.'}
        </Alert>
      ) : rollups.isPending ? (
        <Loader aria-label="Loading analytics" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <KpiCard label="Requests" value={formatCompactNumber(kpis.requests)} note={PERIOD_LABELS[period]} />
            <KpiCard label="Pass rate" value={formatRate(kpis.passRate)} />
            <KpiCard label="Failed requests" value={formatCompactNumber(kpis.failed)} />
            <KpiCard label="Findings" value={formatCompactNumber(kpis.errors + kpis.warnings + kpis.infos)} note={kpis.errors === 1 ? '1 error' : `${formatCompactNumber(kpis.errors)} errors`} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="sm">
              Requests by status
            </Title>
            <StackedBarChart title={`Requests by status, ${PERIOD_LABELS[period].toLowerCase()}`} buckets={bucketSeries(rows, 'status', ['pass', 'warning', 'fail'], span)} series={STATUS_SERIES} bucketMs={span.bucketMs} timeZone={span.timeZone} />
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TopList
              title="By format"
              empty="No requests in this period."
              entries={totalsBy(rows, 'format', span).map((t) => ({ key: t.value, label: FORMAT_LABELS[t.value] ?? t.value, count: t.count }))}
            />
            <TopList
              title="By rule family"
              empty="No findings in this period."
              entries={familyTotals(ruleTotals).map((t) => ({ key: t.value, label: t.label, count: t.count }))}
            />
            <TopList
              title="By severity"
              empty="No findings in this period."
              entries={totalsBy(rows, 'severity', span).map((t) => ({ key: t.value, label: SEVERITY_LABELS[t.value as 'error'] ?? t.value, count: t.count }))}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TopList
              title="By event name"
              empty="No events in this period."
              entries={totalsBy(rows, 'event_name', span)
                .slice(0, 10)
                .map((t) => ({ key: t.value, label: t.value, count: t.count, href: requestsLink({ eventName: t.value, websiteId: websiteId ?? ALL_WEBSITES, range }) }))}
            />
            <TopList
              title="Top rules"
              empty="No findings in this period."
              entries={ruleTotals
                .slice(0, advanced ? 20 : 5)
                .map((t) => ({ key: t.value, label: ruleTitle(t.value), detail: t.value, count: t.count, href: requestsLink({ ruleId: t.value, websiteId: websiteId ?? ALL_WEBSITES, range }) }))}
            />
          </SimpleGrid>
          {advanced ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="advanced-analytics">
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h5" mb="sm">
                  Findings by severity
                </Title>
                <StackedBarChart title="Findings by severity" buckets={bucketSeries(rows, 'severity', ['error', 'warning', 'info'], span)} series={SEVERITY_SERIES} bucketMs={span.bucketMs} timeZone={span.timeZone} />
              </Paper>
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h5" mb="sm">
                  Requests by format
                </Title>
                <StackedBarChart title="Requests by format" buckets={bucketSeries(rows, 'format', ['gtag', 'mp'], span)} series={FORMAT_SERIES} bucketMs={span.bucketMs} timeZone={span.timeZone} />
              </Paper>
            </SimpleGrid>
          ) : (
            <Paper withBorder p="md" radius="md" data-testid="advanced-analytics-gate">
              <Group justify="space-between" wrap="wrap">
                <Group gap="sm">
                  <IconLock aria-hidden />
                  <Text size="sm">Severity and format trends and the top 20 rules come with Advanced Analytics on the Pro plan.</Text>
                </Group>
                <Button component={Link} to={upgradeLink('advanced_analytics', organization.plan, 'analytics')} variant="light" size="xs">
                  Upgrade to Pro
                </Button>
              </Group>
            </Paper>
          )}
          <Text size="xs" c="dimmed">
            Counts come from hourly rollups (UTC hours). <Anchor component={Link} to={requestsLink({ websiteId: websiteId ?? ALL_WEBSITES, range })}>Open the requests log</Anchor> for single hits.
          </Text>
        </>
      )}
    </Stack>
  );
}
