import { useMemo, useState } from 'react';
import { Alert, Anchor, Group, List, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatCompactNumber } from '../../../shared/format';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { requestsLink } from '../../data/requests/request-filters';
import { bucketSeries, computeKpis, formatRate, totalsBy, type Kpis } from '../../data/rollups/aggregate';
import { checksNotRunFor, tiersForPlan } from '../../../shared/ga4';
import { planName } from '../../../shared/plans';
import { upgradeLink } from '../../data/billing/plan-features';
import { PERIOD_LABELS, periodWindow, type Period } from '../../data/rollups/periods';
import { useRollupSeriesQuery } from '../../data/rollups/rollups-query';
import type { RollupDimension } from '../../data/rollups/types';
import { useCurrentWebsite } from '../../data/websites/use-current-website';
import { useDocumentTitle } from '../../lib/use-document-title';
import { errorMessage } from '../../notifications/toast-catalogue';
import { ruleTitle } from '../../components/rule-labels';
import { KpiCard } from '../../components/charts/KpiCard';
import { StackedBarChart } from '../../components/charts/StackedBarChart';
import { TopList } from '../../components/charts/TopList';
import { UsageCard } from './components/UsageCard';
import { onboardingSteps, showOnboarding } from './onboarding';
import { organizationTimeZone } from '../../data/rollups/time-zone';
import { STATUS_SERIES } from '../../components/charts/status-series';

const DIMENSIONS: readonly RollupDimension[] = ['requests', 'status', 'severity', 'rule', 'event_name', 'verdict'];

/**
 * What the pass rate rests on (issue 22): on a plan without every tier, the rules that ran, the
 * checks that did not, and how many requests that did not fail those checks found broken.
 */
function PassRateScope({ plan, kpis }: { plan: string; kpis: Kpis }) {
  const scope = checksNotRunFor(tiersForPlan(plan));
  if (scope.checks === 0 && kpis.notRun === 0) {
    return (
      <Text size="xs" c="dimmed" data-testid="pass-rate-scope">
        On every rule of your plan.
      </Text>
    );
  }
  return (
    <Stack gap={2} mt={4} data-testid="pass-rate-scope">
      <Text size="xs" c="dimmed">
        On basic rules only; {scope.checks} {scope.tiers.join(' and ')} checks not run on the {planName(plan)} plan.
      </Text>
      {kpis.hiddenFailures > 0 && (
        <Text size="xs" c="red" fw={600}>
          {formatCompactNumber(kpis.hiddenFailures)} {kpis.hiddenFailures === 1 ? 'request' : 'requests'} not counted as failed would fail the checks that did not run.
        </Text>
      )}
      <Anchor component={Link} to={upgradeLink('advanced_rules', plan, 'dashboard')} size="xs">
        Upgrade to run every check
      </Anchor>
    </Stack>
  );
}

/** /app/dashboard: the current website's tracking health at a glance, and the first steps until hits arrive. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <Dashboard organization={organization} />;
}

function Dashboard({ organization }: { organization: Organization }) {
  const { website, websites, isLoading: websitesLoading } = useCurrentWebsite();
  const [period, setPeriod] = useState<Period>('24h');
  const span = periodWindow(period, Date.now(), organizationTimeZone(organization.settings));
  const rollups = useRollupSeriesQuery(organization.id, website?.id ?? null, span, DIMENSIONS);
  const rows = useMemo(() => rollups.data ?? [], [rollups.data]);
  const kpis = computeKpis(rows, span);
  const facts = {
    websiteCount: websites.length,
    verificationStatus: website?.verification_status ?? null,
    websiteId: website?.id ?? null,
    requestCount: kpis.requests,
  };
  const topRules = totalsBy(rows, 'rule', span).slice(0, 5);
  const topEvents = totalsBy(rows, 'event_name', span).slice(0, 5);
  const range = period === '24h' ? '24h' : period;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed">
            {website ? `GA4 tracking health of ${website.name || website.domain}.` : "An overview of your websites' GA4 tracking health."}
          </Text>
        </Stack>
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(v) => setPeriod(v as Period)}
          data={[
            { value: '24h', label: PERIOD_LABELS['24h'] },
            { value: '7d', label: PERIOD_LABELS['7d'] },
          ]}
        />
      </Group>

      {!websitesLoading && showOnboarding(facts) && <Onboarding facts={facts} />}

      {rollups.isError && (
        <Alert color="red" title="Tracking data could not be loaded">
          {errorMessage(rollups.error) ?? 'Try again later.'}
        </Alert>
      )}
      {rollups.isPending && website ? (
        <Loader aria-label="Loading tracking data" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="kpis">
            <KpiCard label="Requests" value={formatCompactNumber(kpis.requests)} note={PERIOD_LABELS[period]} testId="kpi-requests" />
            <KpiCard
              label="Pass rate"
              value={formatRate(kpis.passRate)}
              note={`${formatCompactNumber(kpis.failed)} failed, ${formatCompactNumber(kpis.warned)} with warnings`}
              testId="kpi-pass-rate"
            >
              <PassRateScope plan={organization.plan} kpis={kpis} />
            </KpiCard>
            <KpiCard label="Critical" value={formatCompactNumber(kpis.errors)} note="Critical findings" testId="kpi-errors" />
            <KpiCard label="Warnings" value={formatCompactNumber(kpis.warnings)} note="Warning findings" testId="kpi-warnings" />
          </SimpleGrid>

          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="sm">
              Requests by status, {period === '24h' ? 'per hour' : 'per day'}
            </Title>
            <StackedBarChart
              title={`Requests by status, ${PERIOD_LABELS[period].toLowerCase()}`}
              buckets={bucketSeries(rows, 'status', ['pass', 'warning', 'fail'], span)}
              series={STATUS_SERIES}
              bucketMs={span.bucketMs} timeZone={span.timeZone}
            />
          </Paper>

          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TopList
              title="Top failing rules"
              testId="top-rules"
              empty="No findings in this period."
              entries={topRules.map((t) => ({
                key: t.value,
                label: ruleTitle(t.value),
                detail: t.value,
                count: t.count,
                href: requestsLink({ ruleId: t.value, websiteId: website?.id ?? null, range }),
              }))}
            />
            <TopList
              title="Top events"
              testId="top-events"
              empty="No events in this period."
              entries={topEvents.map((t) => ({
                key: t.value,
                label: t.value,
                count: t.count,
                href: requestsLink({ eventName: t.value, websiteId: website?.id ?? null, range }),
              }))}
            />
            <UsageCard organization={organization} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

const NUMBER_WORDS = ['No steps', 'One step', 'Two steps', 'Three steps', 'Four steps', 'Five steps', 'Six steps'];

/** The count above the checklist comes from the list itself, so the two cannot disagree. */
function stepCountWord(count: number): string {
  return NUMBER_WORDS[count] ?? `${count} steps`;
}

function Onboarding({ facts }: { facts: Parameters<typeof onboardingSteps>[0] }) {
  const steps = onboardingSteps(facts);
  return (
    <Paper withBorder p="lg" radius="md" data-testid="onboarding-checklist">
      <Title order={2} size="h4" mb="xs">
        Get started
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Tracklint validates every GA4 hit your site sends. {stepCountWord(steps.length)} to your first results:
      </Text>
      <List spacing="xs" center>
        {steps.map((step) => (
          <List.Item
            key={step.id}
            data-done={step.done}
            icon={
              <ThemeIcon color={step.done ? 'teal' : 'gray'} variant="light" size={22} radius="xl">
                {step.done ? <IconCircleCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Anchor component={Link} to={step.href} td={step.done ? 'line-through' : undefined}>
              {step.label}
            </Anchor>
            <Text span size="xs" c="dimmed" ml={6}>
              {step.done ? '(done)' : ''}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
