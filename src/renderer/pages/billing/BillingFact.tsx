import { Stack, Text } from '@mantine/core';

/** A labelled value in the billing page's summaries. */
export function BillingFact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}
