import { Code, Table, Text } from '@mantine/core';
import type { AuditAction } from '../../../../shared/super-admin-console';
import { formatDateTime } from './format';

function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value);
}

/** Who did what, when, to what, why; with the state before and after. */
export function AuditTable({ rows, showTarget = false }: { rows: AuditAction[]; showTarget?: boolean }) {
  if (rows.length === 0) return <Text c="dimmed">No actions yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            {showTarget && <Table.Th>Target</Table.Th>}
            <Table.Th>Reason</Table.Th>
            <Table.Th>Before → after</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{formatDateTime(a.created_at)}</Table.Td>
              <Table.Td>{a.actor_email}</Table.Td>
              <Table.Td>{a.action}</Table.Td>
              {showTarget && <Table.Td>{a.target_label ?? a.target_id}</Table.Td>}
              <Table.Td>{a.reason}</Table.Td>
              <Table.Td>
                <Code fz="xs">{describe(a.before)}</Code> → <Code fz="xs">{describe(a.after)}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
