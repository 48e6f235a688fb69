import { Anchor, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { ruleById } from '../../../shared/ga4';
import { levelOfFinding, SEVERITY_LEVEL_PLURALS } from '../../../shared/severity';
import type { StoredIssue } from '../../data/requests/types';
import { FAMILY_LABELS, SEVERITY_COLORS, SEVERITY_LABELS, ruleTitle } from '../rule-labels';
import { groupIssuesBySeverity } from './event-views';

interface FindingsListProps {
  issues: readonly StoredIssue[];
  /** Titles of the organization's custom rules by issue rule id (`custom.<id>`). */
  customTitles?: ReadonlyMap<string, string>;
  /** Heading level of the section title. */
  headingOrder?: 2 | 3 | 4;
  /** True when some rule tiers did not run on this hit (the plan): "no findings" then names the rules that ran. */
  partial?: boolean;
}

/** Findings grouped by severity: rule title, where (field path, event) and what, with the rule's explanation and reference. */
export function FindingsList({ issues, customTitles, headingOrder = 3, partial = false }: FindingsListProps) {
  if (issues.length === 0) {
    return (
      <Group gap="xs" c="teal" data-testid="findings-none">
        <IconCircleCheck aria-hidden size={18} />
        <Text size="sm">{partial ? 'No findings from the rules that ran.' : 'No findings: every rule that ran passed.'}</Text>
      </Group>
    );
  }
  return (
    <Stack gap="md" data-testid="findings">
      {groupIssuesBySeverity(issues).map((group) => (
        <section key={group.severity} aria-label={`${SEVERITY_LABELS[group.severity]} findings`}>
          <Title order={headingOrder} size="h5" mb="xs">
            <Badge color={SEVERITY_COLORS[group.severity]} variant="light" mr="xs">
              {group.issues.length}
            </Badge>
            {SEVERITY_LEVEL_PLURALS[levelOfFinding(group.severity)]}
          </Title>
          <Stack gap="xs">
            {group.issues.map((issue, i) => (
              <Finding key={`${issue.ruleId}-${issue.path}-${i}`} issue={issue} customTitles={customTitles} />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

function Finding({ issue, customTitles }: { issue: StoredIssue; customTitles?: ReadonlyMap<string, string> }) {
  const rule = ruleById(issue.ruleId);
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="finding" data-rule-id={issue.ruleId} data-severity={issue.severity}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {ruleTitle(issue.ruleId, customTitles)}
          </Text>
          <Badge size="xs" variant="outline" color="gray">
            {FAMILY_LABELS[issue.family] ?? issue.family}
          </Badge>
          <Code>{issue.ruleId}</Code>
        </Group>
        <Text size="sm">{issue.message}</Text>
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            Field:
          </Text>
          <Code>{issue.path || '(request)'}</Code>
          {issue.eventName !== undefined && (
            <Text size="xs" c="dimmed">
              in event {issue.eventIndex !== undefined ? `#${issue.eventIndex + 1} ` : ''}
              <Code>{issue.eventName}</Code>
            </Text>
          )}
        </Group>
        {issue.plan && (
          <Text size="xs" data-testid="finding-plan">
            <strong>Tracking plan {issue.plan.version} says:</strong> {issue.plan.expected}
          </Text>
        )}
        {rule && (
          <Text size="xs" c="dimmed">
            <strong>Why it matters and how to fix it:</strong> {rule.explanation}{' '}
            <Anchor href={rule.reference} target="_blank" rel="noreferrer" size="xs">
              Reference
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
