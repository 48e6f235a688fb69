import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';

const BARS = [62, 70, 58, 81, 77, 90, 86, 95, 88, 97, 92, 99];
const FINDINGS = [
  { status: 'Fail', color: 'red', event: 'purchase', text: 'transaction_id missing' },
  { status: 'Warning', color: 'yellow', event: 'page_view', text: 'parameter value over 100 characters' },
  { status: 'Pass', color: 'teal', event: 'add_to_cart', text: 'items, currency and value present' },
] as const;

/**
 * A drawing of the product's dashboard for the home page: KPIs, a pass-rate chart and the latest
 * findings, made of the app's own components so it stays true to the product. One image to
 * assistive technology, described by its label.
 */
export function ProductPreview() {
  return (
    <Paper
      withBorder
      shadow="md"
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      role="img"
      aria-label="The Tracklint dashboard: 12,480 requests today, a 96.1% pass rate, and the latest hits with their findings"
      data-testid="product-preview"
    >
      <Group gap={6} mb="md" aria-hidden>
        {['red', 'yellow', 'teal'].map((color) => (
          <Box key={color} w={10} h={10} style={{ borderRadius: '50%', background: `var(--mantine-color-${color}-4)` }} />
        ))}
        <Text size="xs" c="dimmed" ml="xs">
          app.tracklint.com/app/dashboard
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
        {[
          ['Requests', '12,480'],
          ['Pass rate', '96.1%'],
          ['Critical', '38'],
          ['Warnings', '214'],
        ].map(([label, value]) => (
          <Paper key={label} withBorder p="xs" radius="md">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group gap={4} align="flex-end" h={90} mb="md" wrap="nowrap">
        {BARS.map((height, i) => (
          <Box key={i} style={{ flex: 1, height: `${height}%`, borderRadius: 3, background: 'var(--mantine-color-teal-5)' }} />
        ))}
      </Group>
      <Stack gap={6}>
        {FINDINGS.map((finding) => (
          <Group key={finding.event} gap="sm" wrap="nowrap">
            <Badge color={finding.color} variant="light" w={80}>
              {finding.status}
            </Badge>
            <Text size="sm" fw={600}>
              {finding.event}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {finding.text}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
