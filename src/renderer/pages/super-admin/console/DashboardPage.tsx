import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Card, Loader, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { AdminPage } from '../pages/AdminPage';
import { formatCount, formatDay, timeSeriesChartKind, WHOLE_NUMBER_AXIS } from './format';
import { useConsoleQuery } from './use-console';

interface Dashboard {
  organizations: number;
  users: number;
  websites: number;
  activeTrials: number;
  suspended: number;
  payingByPlan: Array<{ plan: string; organizations: number }>;
  storedHits: { lastHour: number; lastDay: number };
  refusedHits: { lastHour: number; lastDay: number };
  hitsByHour: Array<{ hour: string; hits: number }>;
  collector: null | { sinceProcessStart: string; received: number; stored: number; refused: number; refusedByReason: Record<string, number>; queueDepth: number; queueCapacity: number; writeFailures: number };
  topFailingRules: Array<{ ruleId: string; fired: number; websites: number }>;
  signupsByDay: Array<{ day: string; signups: number }>;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder>
      <Text fz="sm" c="dimmed">{label}</Text>
      <Text fz="xl" fw={700}>{value}</Text>
    </Card>
  );
}

/** Hits per hour: an area over the day, or a bar while there is only one hour of data. */
function HitsChart({ hitsByHour }: { hitsByHour: Dashboard['hitsByHour'] }) {
  if (hitsByHour.length === 0) return <Text c="dimmed">No hits stored in the last 24 hours.</Text>;
  const data = hitsByHour.map((h) => ({ hour: new Date(h.hour).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }), hits: h.hits }));
  const props = { h: 220, data, dataKey: 'hour', series: [{ name: 'hits', label: 'Hits', color: 'blue.8' }], yAxisProps: WHOLE_NUMBER_AXIS, withTooltip: true };
  return timeSeriesChartKind(data.length) === 'area' ? <AreaChart {...props} /> : <BarChart {...props} maxBarWidth={48} />;
}

export function DashboardPage() {
  const { data, error, isLoading } = useConsoleQuery<Dashboard>('dashboard');
  return (
    <AdminPage title="Dashboard" lead="Tenants, trials, paying plans, hits and the collector at a glance.">
      {error && <Alert color="red">{error.message}</Alert>}
      {isLoading && <Loader aria-label="Loading dashboard" />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
            <Stat label="Organizations" value={formatCount(data.organizations)} />
            <Stat label="Users" value={formatCount(data.users)} />
            <Stat label="Websites" value={formatCount(data.websites)} />
            <Stat label="Active trials" value={formatCount(data.activeTrials)} />
            <Stat label="Suspended" value={formatCount(data.suspended)} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label="Hits stored, last hour" value={formatCount(data.storedHits.lastHour)} />
            <Stat label="Hits stored, last 24 hours" value={formatCount(data.storedHits.lastDay)} />
            <Stat label="Hits refused, last hour" value={formatCount(data.refusedHits.lastHour)} />
            <Stat label="Hits refused, last 24 hours" value={formatCount(data.refusedHits.lastDay)} />
          </SimpleGrid>
          <Title order={2} fz="h4">Hits stored per hour</Title>
          <HitsChart hitsByHour={data.hitsByHour} />
          {data.collector && (
            <>
              <Title order={2} fz="h4">Collector (this server process)</Title>
              <SimpleGrid cols={{ base: 2, md: 5 }}>
                <Stat label="Received" value={formatCount(data.collector.received)} />
                <Stat label="Stored" value={formatCount(data.collector.stored)} />
                <Stat label="Refused" value={formatCount(data.collector.refused)} />
                <Stat label="Queue" value={`${formatCount(data.collector.queueDepth)} / ${formatCount(data.collector.queueCapacity)}`} />
                <Stat label="Write failures" value={formatCount(data.collector.writeFailures)} />
              </SimpleGrid>
            </>
          )}
          <Title order={2} fz="h4">Paying organizations by plan</Title>
          {data.payingByPlan.length === 0 ? <Text c="dimmed">No paying organizations yet.</Text> : (
            <Table><Table.Tbody>{data.payingByPlan.map((p) => <Table.Tr key={p.plan}><Table.Td>{p.plan}</Table.Td><Table.Td>{formatCount(p.organizations)}</Table.Td></Table.Tr>)}</Table.Tbody></Table>
          )}
          <Title order={2} fz="h4">Top failing rules, last 7 days</Title>
          {data.topFailingRules.length === 0 ? <Text c="dimmed">No findings in the last 7 days.</Text> : (
            <Table>
              <Table.Thead><Table.Tr><Table.Th>Rule</Table.Th><Table.Th>Websites</Table.Th><Table.Th>Findings</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>{data.topFailingRules.map((r) => <Table.Tr key={r.ruleId}><Table.Td style={{ overflowWrap: 'anywhere' }}>{r.ruleId}</Table.Td><Table.Td>{formatCount(r.websites)}</Table.Td><Table.Td>{formatCount(r.fired)}</Table.Td></Table.Tr>)}</Table.Tbody>
            </Table>
          )}
          <Title order={2} fz="h4">Sign-ups per day, last 30 days</Title>
          <BarChart
            h={200}
            data={data.signupsByDay.map((d) => ({ day: formatDay(d.day), signups: d.signups }))}
            dataKey="day"
            series={[{ name: 'signups', label: 'Sign-ups', color: 'teal.8' }]}
            yAxisProps={WHOLE_NUMBER_AXIS}
            withTooltip
          />
        </>
      )}
    </AdminPage>
  );
}
