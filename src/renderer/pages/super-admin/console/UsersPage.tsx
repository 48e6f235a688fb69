import { Badge } from '@mantine/core';
import type { UserSummary } from '../../../../shared/super-admin-console';
import { ConsoleListPage } from './ConsoleListPage';
import { formatDate, formatDateTime } from './format';

export function UsersPage() {
  return (
    <ConsoleListPage<UserSummary>
      title="Users"
      lead="Every account: confirmation, last sign-in and organizations."
      resource="users"
      searchLabel="Search by email or name"
      loadingLabel="Loading users"
      minWidth={760}
      columns={[
        { label: 'Email', sort: 'email', cell: (u) => u.email },
        { label: 'Name', cell: (u) => u.full_name ?? '—' },
        { label: 'Status', cell: (u) => (u.banned ? <Badge color="red.9">Banned</Badge> : u.confirmed ? 'Confirmed' : 'Not confirmed') },
        { label: 'Organizations', cell: (u) => u.organizations },
        { label: 'Last sign-in', sort: 'last_sign_in', cell: (u) => formatDateTime(u.last_sign_in_at) },
        { label: 'Created', sort: 'created', cell: (u) => formatDate(u.created_at) },
      ]}
    />
  );
}
