import { Alert, Anchor, Card, Loader, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AdminPage } from '../pages/AdminPage';
import { formatCount, formatDate } from './format';
import { useConsoleQuery } from './use-console';

interface BillingOverview {
  billingEnabled: boolean;
  monthlyRecurringRevenue: number;
  subscriptions: Array<{ plan: string; status: string; organizations: number }>;
  trialsEndingIn7Days: Array<{ id: string; name: string; plan: string; trial_ends_at: string }>;
  failedPayments: Array<{ id: string; name: string; plan: string; subscription_status: string }>;
  recentInvoices: Array<{ id: string; organization_name: string; amount_due: string; currency: string; status: string; created_at: string }>;
}

function OrgLink({ id, name }: { id: string; name: string }) {
  return <Anchor component={Link} to={`/super-admin/organizations/${id}`} underline="always">{name}</Anchor>;
}

export function BillingPage() {
  const { data, error, isLoading } = useConsoleQuery<BillingOverview>('billing');
  return (
    <AdminPage title="Billing" lead="Revenue, subscriptions, trials ending soon, failed payments and invoices.">
      {error && <Alert color="red">{error.message}</Alert>}
      {isLoading && <Loader aria-label="Loading billing" />}
      {data && (
        <>
          {!data.billingEnabled && (
            <Alert color="gray" title="Billing is off" role="status">
              No Stripe settings on this server: plans are set by administrators on each organization's page, and owners' plan change requests wait on the Organizations page.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Card withBorder>
              <Text fz="sm" c="dimmed">Monthly recurring revenue</Text>
              <Text fz="xl" fw={700}>${formatCount(data.monthlyRecurringRevenue)}</Text>
            </Card>
            <Card withBorder>
              <Text fz="sm" c="dimmed">Trials ending in 7 days</Text>
              <Text fz="xl" fw={700}>{data.trialsEndingIn7Days.length}</Text>
            </Card>
            <Card withBorder>
              <Text fz="sm" c="dimmed">Failed payments</Text>
              <Text fz="xl" fw={700}>{data.failedPayments.length}</Text>
            </Card>
          </SimpleGrid>
          <Title order={2} fz="h4">Subscriptions by plan and status</Title>
          <Table>
            <Table.Thead><Table.Tr><Table.Th>Plan</Table.Th><Table.Th>Status</Table.Th><Table.Th>Organizations</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{data.subscriptions.map((s) => <Table.Tr key={`${s.plan}-${s.status}`}><Table.Td>{s.plan}</Table.Td><Table.Td>{s.status}</Table.Td><Table.Td>{formatCount(s.organizations)}</Table.Td></Table.Tr>)}</Table.Tbody>
          </Table>
          <Title order={2} fz="h4">Trials ending in the next 7 days</Title>
          {data.trialsEndingIn7Days.length === 0 ? <Text c="dimmed">None.</Text> : data.trialsEndingIn7Days.map((t) => (
            <Text key={t.id} fz="sm"><OrgLink id={t.id} name={t.name} /> ({t.plan}) ends {formatDate(t.trial_ends_at)}</Text>
          ))}
          <Title order={2} fz="h4">Failed payments</Title>
          {data.failedPayments.length === 0 ? <Text c="dimmed">None.</Text> : data.failedPayments.map((f) => (
            <Text key={f.id} fz="sm"><OrgLink id={f.id} name={f.name} /> ({f.plan}): {f.subscription_status}</Text>
          ))}
          <Title order={2} fz="h4">Recent invoices</Title>
          {data.recentInvoices.length === 0 ? <Text c="dimmed">No invoices yet.</Text> : (
            <Table>
              <Table.Tbody>{data.recentInvoices.map((i) => <Table.Tr key={i.id}><Table.Td>{formatDate(i.created_at)}</Table.Td><Table.Td>{i.organization_name}</Table.Td><Table.Td>{i.amount_due} {i.currency.toUpperCase()}</Table.Td><Table.Td>{i.status}</Table.Td></Table.Tr>)}</Table.Tbody>
            </Table>
          )}
        </>
      )}
    </AdminPage>
  );
}
