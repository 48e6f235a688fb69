import { Alert, Badge, Button, Card, Group, Loader, NumberInput, Select, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AdminPage } from '../pages/AdminPage';
import { ActionModal } from './ActionModal';
import { AuditTable } from './AuditTable';
import type { AuditAction, OrganizationSummary } from '../../../../shared/super-admin-console';
import { formatCount, formatDate, formatUsage } from './format';
import { useConsoleQuery } from './use-console';

interface OrganizationDetail {
  organization: OrganizationSummary;
  members: Array<{ user_id: string; email: string; role: string; status: string; joined_at: string }>;
  websites: Array<{ id: string; name: string; domain: string; is_active: boolean; verification_status: string; hits_7d: number }>;
  invoices: Array<{ id: string; amount_due: string; currency: string; status: string; created_at: string; hosted_invoice_url: string | null }>;
  usageEvents: Array<{ id: string; month: string; refused: number }>;
  refusals: Array<{ website: string; reason: string; hits: number }>;
  actions: AuditAction[];
}

type OpenAction = 'plan' | 'trial' | 'suspend' | 'reactivate' | 'delete' | null;

export function OrganizationDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useConsoleQuery<OrganizationDetail>(`organizations/${id}`);
  const [open, setOpen] = useState<OpenAction>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>(14);
  if (isLoading) return <Loader aria-label="Loading organization" />;
  if (error || !data) return <Alert color="red">{error?.message ?? 'Not found'}</Alert>;
  const o = data.organization;
  const base = `organizations/${o.id}`;
  return (
    <AdminPage title={o.name} lead={`${o.slug} · created ${formatDate(o.created_at)}`}>
      {o.suspended_at && (
        <Alert color="red" title="Suspended" role="status">
          Since {formatDate(o.suspended_at)}: {o.suspended_reason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Card withBorder>
          <Text fz="sm" c="dimmed">Plan</Text>
          <Text fw={700}>{o.plan}</Text>
          <Text fz="sm">{o.subscription_status}{o.trial_ends_at ? ` · trial ends ${formatDate(o.trial_ends_at)}` : ''}</Text>
        </Card>
        <Card withBorder>
          <Text fz="sm" c="dimmed">Requests this month</Text>
          <Text fw={700}>{formatUsage(o.requests_this_month, o.monthly_request_limit)}</Text>
        </Card>
        <Card withBorder>
          <Text fz="sm" c="dimmed">Members</Text>
          <Text fw={700}>{o.members}</Text>
        </Card>
        <Card withBorder>
          <Text fz="sm" c="dimmed">Websites</Text>
          <Text fw={700}>{o.websites}</Text>
        </Card>
      </SimpleGrid>
      <Group>
        <Button onClick={() => setOpen('plan')}>Change plan</Button>
        <Button variant="default" onClick={() => setOpen('trial')} disabled={o.plan === 'free'}>
          Extend trial
        </Button>
        {o.suspended_at ? (
          <Button variant="default" onClick={() => setOpen('reactivate')}>
            Reactivate
          </Button>
        ) : (
          <Button color="red" variant="outline" onClick={() => setOpen('suspend')}>
            Suspend
          </Button>
        )}
        <Button color="red" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      </Group>

      <Title order={2} fz="h4">Members</Title>
      <Table.ScrollContainer minWidth={500}>
        <Table>
          <Table.Thead>
            <Table.Tr><Table.Th>Email</Table.Th><Table.Th>Role</Table.Th><Table.Th>Status</Table.Th><Table.Th>Joined</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.members.map((m) => (
              <Table.Tr key={m.user_id}><Table.Td>{m.email}</Table.Td><Table.Td>{m.role}</Table.Td><Table.Td>{m.status}</Table.Td><Table.Td>{formatDate(m.joined_at)}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={2} fz="h4">Websites</Title>
      {data.websites.length === 0 ? (
        <Text c="dimmed">No websites.</Text>
      ) : (
        <Table.ScrollContainer minWidth={500}>
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Domain</Table.Th><Table.Th>Status</Table.Th><Table.Th>Hits (7 days)</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.websites.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>{w.name}</Table.Td><Table.Td>{w.domain}</Table.Td>
                  <Table.Td>{w.is_active ? w.verification_status : <Badge color="gray">Inactive</Badge>}</Table.Td>
                  <Table.Td>{formatCount(w.hits_7d)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Title order={2} fz="h4">Refused hits (7 days)</Title>
      {data.refusals.length === 0 ? (
        <Text c="dimmed">None.</Text>
      ) : (
        <Table>
          <Table.Thead><Table.Tr><Table.Th>Website</Table.Th><Table.Th>Reason</Table.Th><Table.Th>Hits</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {data.refusals.map((r) => (
              <Table.Tr key={`${r.website}-${r.reason}`}><Table.Td>{r.website}</Table.Td><Table.Td>{r.reason}</Table.Td><Table.Td>{formatCount(r.hits)}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <Title order={2} fz="h4">Invoices</Title>
      {data.invoices.length === 0 ? (
        <Text c="dimmed">No invoices.</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {data.invoices.map((i) => (
              <Table.Tr key={i.id}><Table.Td>{formatDate(i.created_at)}</Table.Td><Table.Td>{i.amount_due} {i.currency.toUpperCase()}</Table.Td><Table.Td>{i.status}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <Title order={2} fz="h4">Audit log</Title>
      <AuditTable rows={data.actions} />

      <ActionModal opened={open === 'plan'} onClose={() => setOpen(null)} title={`Change the plan of ${o.name}`} path={`${base}/plan`} extra={{ plan }} submitLabel="Change plan">
        <Select label="New plan" required data={['free', 'starter', 'pro', 'enterprise'].filter((p) => p !== o.plan)} value={plan} onChange={setPlan} />
      </ActionModal>
      <ActionModal opened={open === 'trial'} onClose={() => setOpen(null)} title={`Extend the trial of ${o.name}`} path={`${base}/extend-trial`} extra={{ days: Number(days) }} submitLabel="Extend trial">
        <NumberInput label="Days to add" min={1} max={90} required value={days} onChange={setDays} />
      </ActionModal>
      <ActionModal opened={open === 'suspend'} onClose={() => setOpen(null)} title={`Suspend ${o.name}`} path={`${base}/suspend`} submitLabel="Suspend" danger>
        <Text fz="sm">Members see a notice and the collector refuses this organization's hits until it is reactivated.</Text>
      </ActionModal>
      <ActionModal opened={open === 'reactivate'} onClose={() => setOpen(null)} title={`Reactivate ${o.name}`} path={`${base}/reactivate`} submitLabel="Reactivate" />
      <ActionModal
        opened={open === 'delete'}
        onClose={() => setOpen(null)}
        title={`Delete ${o.name}`}
        path={`${base}/delete`}
        confirmText={o.slug}
        submitLabel="Delete organization"
        danger
        onDone={() => navigate('/super-admin/organizations')}
      >
        <Text fz="sm">This deletes the organization, its websites, rules and collected data. It cannot be undone.</Text>
      </ActionModal>
    </AdminPage>
  );
}
