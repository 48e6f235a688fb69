import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHero, PageSection } from '../components/PageSection';
import { DEMO_DAY_SERIES, DEMO_KPIS, DEMO_ORGANIZATION, DEMO_REQUESTS, DEMO_TOP_RULES, type DemoRequest, type DemoStatus } from '../data/demo-data';
import { findingSeverityLabel } from '../../../../shared/severity';

// The chart library (recharts, about 110 KB gzipped) loads after the page: within its first-load
// JS budget (tests/unit/web/bundle-budget.test.ts), and the prerendered page shows at once.
const BarChart = lazy(() => import('../components/DemoBarChart'));

const STATUS_COLOR: Record<DemoStatus, string> = { pass: 'teal', warning: 'yellow', fail: 'red' };

const SERIES = [
  { name: 'pass', label: 'Pass', color: 'teal.6' },
  { name: 'warning', label: 'Warning', color: 'yellow.5' },
  { name: 'fail', label: 'Fail', color: 'red.6' },
] as const;

const PEAK_FAIL = DEMO_DAY_SERIES.reduce((peak, day) => (day.fail > peak.fail ? day : peak));
const CHART_LABEL = `Requests per day, ${DEMO_DAY_SERIES[0]!.period} to ${DEMO_DAY_SERIES[DEMO_DAY_SERIES.length - 1]!.period}: mostly passing, with failures peaking at ${PEAK_FAIL.fail} on ${PEAK_FAIL.period}`;

/** The chart's legend, drawn here with its colour swatches (the chart's own legend depends on the chart stylesheet). */
function ChartLegend() {
  return (
    <Group gap="md" justify="center" mt="xs" data-testid="demo-chart-legend" aria-hidden="true">
      {SERIES.map((series) => (
        <Group key={series.name} gap={6} wrap="nowrap">
          <span
            data-testid="demo-legend-swatch"
            style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 3, background: `var(--mantine-color-${series.color.replace('.', '-')})` }}
          />
          <Text size="sm">{series.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
const SEVERITY_COLOR = { error: 'red', warning: 'yellow', info: 'blue' } as const;

/** /demo: a sample organization's dashboard, requests log and findings, read-only and without an account. */
export function DemoPage() {
  const [selectedId, setSelectedId] = useState(DEMO_REQUESTS[0]?.id);
  const selected = DEMO_REQUESTS.find((request) => request.id === selectedId);
  return (
    <>
      <PageHero
        title="Tracklint demo"
        documentTitle="Demo"
        lead={`A week of GA4 tracking at ${DEMO_ORGANIZATION.name} (${DEMO_ORGANIZATION.website}), as Tracklint shows it. Sample data, read-only: click a request to see its findings.`}
        actions={
          <Group>
            <Button component={Link} to="/signup" size="md">
              Start free with your site
            </Button>
            <Button component={Link} to="/validation-page" size="md" variant="default">
              Validate a single request
            </Button>
          </Group>
        }
      />
      <PageSection title="Dashboard" size="lg">
        <Stack>
          <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="demo-kpis">
            {DEMO_KPIS.map((kpi) => (
              <Paper key={kpi.label} withBorder p="md" radius="md">
                <Text size="sm" c="dimmed">
                  {kpi.label}
                </Text>
                <Text fw={700} fz="xl">
                  {kpi.value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={3} size="h5" mb="sm">
              Requests by status, per day
            </Title>
            <Suspense fallback={<div style={{ height: 240 }} />}>
            <BarChart
              role="img"
              aria-label={CHART_LABEL}
              barChartProps={{ accessibilityLayer: false }}
              h={240}
              data={DEMO_DAY_SERIES}
              dataKey="period"
              type="stacked"
              series={SERIES.map((series) => ({ ...series }))}
              yAxisProps={{ width: 56 }}
            />
            </Suspense>
            <ChartLegend />
          </Paper>
        </Stack>
      </PageSection>
      <PageSection title="Requests log" size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Sample requests" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Event</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {DEMO_REQUESTS.map((request) => (
                  <Table.Tr key={request.id} data-testid="demo-request" bg={request.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Table.Td>
                      <UnstyledButton onClick={() => setSelectedId(request.id)} aria-pressed={request.id === selectedId} fz="sm">
                        {request.time}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[request.status]} variant="light">
                        {request.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{request.event}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {selected && <RequestFindings request={selected} />}
        </SimpleGrid>
      </PageSection>
      <PageSection title="Findings this week" size="lg">
        <Stack gap="xs" data-testid="demo-top-rules">
          {DEMO_TOP_RULES.map((rule) => (
            <Group key={rule.ruleId} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {rule.title}{' '}
                <Text span c="dimmed" size="xs" ff="monospace">
                  {rule.ruleId}
                </Text>
              </Text>
              <Text size="sm" fw={600}>
                {rule.count.toLocaleString('en-US')}
              </Text>
            </Group>
          ))}
        </Stack>
      </PageSection>
    </>
  );
}

function RequestFindings({ request }: { request: DemoRequest }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Request detail" data-testid="demo-request-detail">
      <Title order={3} size="h5">
        {request.event} on {request.page}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {request.time}
      </Text>
      {request.findings.length === 0 ? (
        <Alert color="teal">Every rule passed.</Alert>
      ) : (
        <Stack gap="sm">
          {request.findings.map((finding) => (
            <Paper key={finding.ruleId} withBorder p="sm" radius="md" data-testid="demo-finding">
              <Group gap="xs" mb={4}>
                <Badge color={SEVERITY_COLOR[finding.severity]} variant="light">
                  {findingSeverityLabel(finding.severity)}
                </Badge>
                <Text size="sm" fw={600}>
                  {finding.title}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {finding.ruleId}
                </Text>
              </Group>
              <Text size="sm">{finding.message}</Text>
              <Text size="sm" c="dimmed">
                {finding.explanation}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
