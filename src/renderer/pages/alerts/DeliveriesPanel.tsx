import { Badge, Table, Text } from '@mantine/core';
import type { AlertChannel, AlertDelivery, AlertRow } from '../../data/alerts/types';
import { formatAlertTime } from './format';

const EVENT_LABEL = { opened: 'Opened', resolved: 'Resolved', test: 'Test', digest: 'Daily digest' } as const;
const STATUS_COLOR = { pending: 'gray', sent: 'teal', failed: 'red' } as const;

/** The delivery log: each notification, its status, attempts and the receiver's last answer. */
export function DeliveriesPanel({ deliveries, channels, alerts }: { deliveries: AlertDelivery[]; channels: AlertChannel[]; alerts: AlertRow[] }) {
  if (deliveries.length === 0) return <Text c="dimmed">Nothing sent yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" data-testid="alert-deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>About</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last answer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => (
            <Table.Tr key={d.id} data-testid="alert-delivery" data-status={d.status}>
              <Table.Td>{formatAlertTime(d.created_at)}</Table.Td>
              <Table.Td>{channels.find((c) => c.id === d.channel_id)?.name ?? '—'}</Table.Td>
              <Table.Td>
                {EVENT_LABEL[d.event]}
                {d.alert_id ? `: ${alerts.find((a) => a.id === d.alert_id)?.title ?? 'an older alert'}` : ''}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[d.status]} variant="light">
                  {d.status}
                </Badge>
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.last_error ?? (d.last_status_code ? String(d.last_status_code) : '—')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
