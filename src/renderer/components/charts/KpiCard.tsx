import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';

/** One headline number with its label and an optional note under it. */
export function KpiCard({ label, value, note, testId, children }: { label: string; value: string; note?: string; testId?: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {children}
    </Paper>
  );
}
