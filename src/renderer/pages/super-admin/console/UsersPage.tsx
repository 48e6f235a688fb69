import { Alert, Anchor, Badge, Loader, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AdminPage } from '../pages/AdminPage';
import type { Page, UserSummary } from './console-api';
import { formatDate, formatDateTime } from './format';
import { ListFooter, ListSearch, SortHeader, useListParams } from './ListControls';
import { useConsoleQuery } from './use-console';

export function UsersPage() {
  const list = useListParams('created');
  const { data, error, isLoading } = useConsoleQuery<Page<UserSummary>>(`users?${list.apiQuery}`);
  const th = (label: string, column: string) => <SortHeader label={label} column={column} sort={list.sort} dir={list.dir} onSort={list.toggleSort} />;
  return (
    <AdminPage title="Users" lead="Every account: confirmation, last sign-in and organizations.">
      <ListSearch label="Search by email or name" value={list.q} onChange={list.setQ} />
      {error && <Alert color="red">{error.message}</Alert>}
      {isLoading && <Loader aria-label="Loading users" />}
      {data && (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {th('Email', 'email')}
                  <th>Name</th>
                  <th>Status</th>
                  <th>Organizations</th>
                  {th('Last sign-in', 'last_sign_in')}
                  {th('Created', 'created')}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/super-admin/users/${u.id}`} underline="always">
                        {u.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{u.full_name ?? '—'}</Table.Td>
                    <Table.Td>{u.banned ? <Badge color="red.9">Banned</Badge> : u.confirmed ? 'Confirmed' : 'Not confirmed'}</Table.Td>
                    <Table.Td>{u.organizations}</Table.Td>
                    <Table.Td>{formatDateTime(u.last_sign_in_at)}</Table.Td>
                    <Table.Td>{formatDate(u.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter total={data.total} page={data.page} pageSize={data.pageSize} onPage={list.setPage} />
        </>
      )}
    </AdminPage>
  );
}
