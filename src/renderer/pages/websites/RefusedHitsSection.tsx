import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { REFUSED_HITS_WINDOW_HOURS, useRefusedHitsQuery } from '../../data/websites/refused-hits-query';
import { refusalReasonLabel } from '../../data/websites/refusal-reasons';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../notifications/toast-catalogue';

/** How many of the website's hits the collector refused recently, and why. */
export function RefusedHitsSection({ websiteId }: { websiteId: string }) {
  const query = useRefusedHitsQuery(websiteId);
  const total = (query.data ?? []).reduce((n, r) => n + r.count, 0);
  return (
    <Stack gap="xs" data-testid="refused-hits">
      <Title order={3} size="h5">
        Refused hits (last {REFUSED_HITS_WINDOW_HOURS} hours)
      </Title>
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading refused hits" />
      ) : query.isError ? (
        <Alert color="red" title="Refused hits could not be loaded">
          {errorMessage(query.error) ?? 'Try again later.'}
        </Alert>
      ) : total === 0 ? (
        <Text size="sm" c="dimmed" data-testid="refused-hits-none">
          None: every hit that reached Tracklint was accepted.
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="refused-hits-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Why</Table.Th>
              <Table.Th ta="right">Hits</Table.Th>
              <Table.Th>Last</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((r) => (
              <Table.Tr key={r.reason} data-testid="refused-hits-row" data-reason={r.reason}>
                <Table.Td>{refusalReasonLabel(r.reason)}</Table.Td>
                <Table.Td ta="right">{r.count.toLocaleString('en-US')}</Table.Td>
                <Table.Td>{formatDate(r.lastAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
