import type { ReactNode } from 'react';
import { Alert, Anchor, Loader, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Page } from '../../../../shared/super-admin-console';
import { AdminPage } from '../pages/AdminPage';
import { ListFooter, ListSearch, SortHeader, useListParams } from './ListControls';
import { useConsoleQuery } from './use-console';

export interface ConsoleListColumn<Row> {
  label: string;
  /** The server's sort key; a column without one is not sortable. */
  sort?: string;
  cell: (row: Row) => ReactNode;
}

interface ConsoleListPageProps<Row extends { id: string }> {
  title: string;
  lead: string;
  /** The console endpoint and the detail route: /super-admin/<resource>/<id>. */
  resource: 'organizations' | 'users';
  searchLabel: string;
  loadingLabel: string;
  minWidth: number;
  /** The first column's cell links to the row's detail page. */
  columns: Array<ConsoleListColumn<Row>>;
  /** Shown above the search, e.g. the queue of plan change requests. */
  children?: ReactNode;
}

/**
 * A searchable, sortable, paged list of the console (organizations, users): the server sorts and
 * pages; the first column links each row to its detail page.
 */
export function ConsoleListPage<Row extends { id: string }>({ title, lead, resource, searchLabel, loadingLabel, minWidth, columns, children }: ConsoleListPageProps<Row>) {
  const list = useListParams('created');
  const { data, error, isLoading } = useConsoleQuery<Page<Row>>(`${resource}?${list.apiQuery}`);
  return (
    <AdminPage title={title} lead={lead}>
      {children}
      <ListSearch label={searchLabel} value={list.q} onChange={list.setQ} />
      {error && <Alert color="red">{error.message}</Alert>}
      {isLoading && <Loader aria-label={loadingLabel} />}
      {data && (
        <>
          <Table.ScrollContainer minWidth={minWidth}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) =>
                    column.sort ? (
                      <SortHeader key={column.label} label={column.label} column={column.sort} sort={list.sort} dir={list.dir} onSort={list.toggleSort} />
                    ) : (
                      <th key={column.label}>{column.label}</th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.id}>
                    {columns.map((column, index) => (
                      <Table.Td key={column.label}>
                        {index === 0 ? (
                          <Anchor component={Link} to={`/super-admin/${resource}/${row.id}`} underline="always">
                            {column.cell(row)}
                          </Anchor>
                        ) : (
                          column.cell(row)
                        )}
                      </Table.Td>
                    ))}
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
