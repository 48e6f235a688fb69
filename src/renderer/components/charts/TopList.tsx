import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatCompactNumber } from '../../../shared/format';

export interface TopListEntry {
  key: string;
  label: string;
  /** Secondary text, e.g. the rule id. */
  detail?: string;
  count: number;
  href?: string;
}

/** A ranked list with proportional bars (top failing rules, top events, breakdowns). */
export function TopList({ title, entries, empty, testId }: { title: string; entries: readonly TopListEntry[]; empty: string; testId?: string }) {
  const max = Math.max(1, ...entries.map((e) => e.count));
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((e) => (
            <li key={e.key} data-testid="top-list-entry" data-key={e.key}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  {e.href ? (
                    <Anchor component={Link} to={e.href} size="sm" truncate>
                      {e.label}
                    </Anchor>
                  ) : (
                    <Text size="sm" truncate>
                      {e.label}
                    </Text>
                  )}
                  {e.detail && (
                    <Text size="xs" c="dimmed" truncate>
                      {e.detail}
                    </Text>
                  )}
                </Stack>
                <Text size="sm" fw={600}>
                  {formatCompactNumber(e.count)}
                </Text>
              </Group>
              <Progress value={(e.count / max) * 100} size="xs" mt={2} aria-hidden />
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
