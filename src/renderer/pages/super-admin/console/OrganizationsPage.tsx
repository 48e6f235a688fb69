import { Alert, Anchor, Badge, Loader, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AdminPage } from '../pages/AdminPage';
import type { OrganizationSummary, Page } from './console-api';
import { formatDate, formatUsage } from './format';
import { ListFooter, ListSearch, SortHeader, useListParams } from './ListControls';
import { PlanRequestsPanel } from './PlanRequestsPanel';
import { useConsoleQuery } from './use-console';

export function OrganizationsPage() {
  const list = useListParams('created');
  const { data, error, isLoading } = useConsoleQuery<Page<OrganizationSummary>>(`organizations?${list.apiQuery}`);
  const th = (label: string, column: string) => <SortHeader label={label} column={column} sort={list.sort} dir={list.dir} onSort={list.toggleSort} />;
  return (
    <AdminPage title="Organizations" lead="Every organization on Tracklint: plan, trial, members, websites and this month's requests.">
      <PlanRequestsPanel />
      <ListSearch label="Search by name or slug" value={list.q} onChange={list.setQ} />
      {error && <Alert color="red">{error.message}</Alert>}
      {isLoading && <Loader aria-label="Loading organizations" />}
      {data && (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {th('Name', 'name')}
                  {th('Slug', 'slug')}
                  {th('Plan', 'plan')}
                  <th>Status</th>
                  {th('Trial end', 'trial_end')}
                  <th>Members</th>
                  <th>Websites</th>
                  {th('Requests this month', 'requests')}
                  {th('Created', 'created')}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/super-admin/organizations/${o.id}`} underline="always">
                        {o.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{o.slug}</Table.Td>
                    <Table.Td>{o.plan}</Table.Td>
                    <Table.Td>{o.suspended_at ? <Badge color="red.9">Suspended</Badge> : o.subscription_status}</Table.Td>
                    <Table.Td>{formatDate(o.trial_ends_at)}</Table.Td>
                    <Table.Td>{o.members}</Table.Td>
                    <Table.Td>{o.websites}</Table.Td>
                    <Table.Td>{formatUsage(o.requests_this_month, o.monthly_request_limit)}</Table.Td>
                    <Table.Td>{formatDate(o.created_at)}</Table.Td>
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
