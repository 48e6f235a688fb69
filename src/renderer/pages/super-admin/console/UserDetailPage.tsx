import { Alert, Anchor, Badge, Button, Group, Loader, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AdminPage } from '../pages/AdminPage';
import { ActionModal } from './ActionModal';
import { AuditTable } from './AuditTable';
import type { AuditAction } from '../../../../shared/super-admin-console';
import { formatDate, formatDateTime } from './format';
import { useConsoleQuery } from './use-console';

interface UserDetail {
  user: { id: string; email: string; full_name: string | null; created_at: string; last_sign_in_at: string | null; email_confirmed_at: string | null; banned_until: string | null; super_admin: boolean };
  organizations: Array<{ id: string; name: string; slug: string; plan: string; role: string; status: string }>;
  sessions: Array<{ id: string; created_at: string; updated_at: string }>;
  actions: AuditAction[];
}

const ACTIONS = {
  'resend-confirmation': { label: 'Resend confirmation', danger: false },
  'password-reset': { label: 'Send password reset', danger: false },
  'sign-out': { label: 'Sign out everywhere', danger: false },
  ban: { label: 'Ban', danger: true },
  unban: { label: 'Unban', danger: false },
  delete: { label: 'Delete user', danger: true },
} as const;
type UserAction = keyof typeof ACTIONS;

export function UserDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useConsoleQuery<UserDetail>(`users/${id}`);
  const [open, setOpen] = useState<UserAction | null>(null);
  if (isLoading) return <Loader aria-label="Loading user" />;
  if (error || !data) return <Alert color="red">{error?.message ?? 'Not found'}</Alert>;
  const u = data.user;
  const banned = u.banned_until !== null && new Date(u.banned_until) > new Date();
  const available: UserAction[] = [
    ...(u.email_confirmed_at ? [] : (['resend-confirmation'] as const)),
    'password-reset',
    'sign-out',
    banned ? 'unban' : 'ban',
    'delete',
  ];
  return (
    <AdminPage title={u.email} lead={`${u.full_name ?? 'No name'} · created ${formatDate(u.created_at)}`}>
      <Group>
        {banned && <Badge color="red.9">Banned</Badge>}
        {u.super_admin && <Badge color="grape.9">Super admin</Badge>}
        <Text fz="sm">{u.email_confirmed_at ? `Confirmed ${formatDate(u.email_confirmed_at)}` : 'Email not confirmed'}</Text>
        <Text fz="sm">Last sign-in {formatDateTime(u.last_sign_in_at)}</Text>
      </Group>
      <Group>
        {available.map((a) => (
          <Button key={a} variant={ACTIONS[a].danger ? 'outline' : 'default'} color={ACTIONS[a].danger ? 'red' : undefined} onClick={() => setOpen(a)}>
            {ACTIONS[a].label}
          </Button>
        ))}
      </Group>
      <Title order={2} fz="h4">Organizations</Title>
      {data.organizations.length === 0 ? (
        <Text c="dimmed">No organizations.</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {data.organizations.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/super-admin/organizations/${o.id}`} underline="always">{o.name}</Anchor>
                </Table.Td>
                <Table.Td>{o.role}</Table.Td><Table.Td>{o.status}</Table.Td><Table.Td>{o.plan}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={2} fz="h4">Active sessions ({data.sessions.length})</Title>
      {data.sessions.map((s) => (
        <Text key={s.id} fz="sm">Signed in {formatDateTime(s.created_at)}, last active {formatDateTime(s.updated_at)}</Text>
      ))}
      <Title order={2} fz="h4">Audit log</Title>
      <AuditTable rows={data.actions} />
      {open && (
        <ActionModal
          opened
          onClose={() => setOpen(null)}
          title={`${ACTIONS[open].label}: ${u.email}`}
          path={`users/${u.id}/${open}`}
          submitLabel={ACTIONS[open].label}
          danger={ACTIONS[open].danger}
          confirmText={open === 'delete' ? u.email : undefined}
          onDone={open === 'delete' ? () => navigate('/super-admin/users') : undefined}
        />
      )}
    </AdminPage>
  );
}
