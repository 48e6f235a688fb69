import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { rulesRunText, type ValidationResult } from '../../../shared/ga4';
import { VerdictSummary } from '../VerdictSummary';
import { EventsView } from './EventsView';
import { FindingsList } from './FindingsList';
import { eventViewsFromDecoded } from './event-views';
import { findingCounts } from '../../lib/plural';

import { STATUS_COLORS, STATUS_LABELS } from '../VerdictSummary';
export { STATUS_COLORS, STATUS_LABELS };

/** One validated request: status, counts, findings and decoded events. */
export function ValidationResultView({ label, result, bodyOnly }: { label: string; result: ValidationResult; bodyOnly?: boolean }) {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="validation-result" data-status={result.status}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {label}
          </Title>
          <Group gap="xs">
            <Badge color={STATUS_COLORS[result.status]} size="lg" data-testid="validation-status">
              {STATUS_LABELS[result.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              {findingCounts(result.counts, ' · ')}
            </Text>
          </Group>
        </Group>
        {/* The public page runs every built-in tier: it says so, and which checks a single pasted request cannot run. */}
        <VerdictSummary status={result.status} withheld={null} plan="free" source="validation-page" ranWhenComplete={rulesRunText(['basic', 'advanced'])} />
        {result.notEvaluated && result.notEvaluated.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="verdict-not-evaluated">
            {result.notEvaluated.length} {result.notEvaluated.length === 1 ? 'check' : 'checks'} not run: they need earlier hits of the same visitor, the hit’s
            capture time or your website’s settings.
          </Text>
        )}
        {result.request && (
          <Text size="sm" c="dimmed">
            {result.request.format === 'mp' ? 'Measurement Protocol' : 'gtag'} {result.request.method} · measurement ID{' '}
            {result.request.measurementId ?? '(none)'} · client ID {result.request.clientId ?? '(none)'} · {result.request.eventCount} event(s)
          </Text>
        )}
        {bodyOnly && (
          <Alert color="blue" variant="light">
            This is a Measurement Protocol body without its URL, so the measurement ID and API secret are unknown. Give a measurement ID
            above to check them too.
          </Alert>
        )}
        {result.decodeError && (
          <Alert color="red" title="The request could not be decoded">
            {result.decodeError.message}
          </Alert>
        )}
        <section aria-label="Findings">
          <Title order={3} size="h5" mb="xs">
            Findings
          </Title>
          <FindingsList issues={result.issues} headingOrder={4} />
        </section>
        <section aria-label="Decoded events">
          <Title order={3} size="h5" mb="xs">
            Decoded events
          </Title>
          <EventsView events={eventViewsFromDecoded(result.events)} />
        </section>
      </Stack>
    </Paper>
  );
}
