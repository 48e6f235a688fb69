import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { describeVerdict, FAMILY_NAMES, parseWithheld, type ValidationStatus, type WithheldSummary } from '../../shared/ga4';
import { upgradeLink } from '../data/billing/plan-features';


export const STATUS_LABELS: Record<ValidationStatus, string> = { pass: 'Pass', warning: 'Warning', fail: 'Fail' };
export const STATUS_COLORS: Record<ValidationStatus, string> = { pass: 'teal', warning: 'yellow', fail: 'red' };

interface VerdictProps {
  status: ValidationStatus;
  /** The stored or computed summary of the checks the plan did not run (raw jsonb is accepted). */
  withheld: WithheldSummary | unknown;
  plan: string;
  /** Where the upgrade link was followed from (billing's `source` parameter). */
  source: string;
  /** What ran, when every tier did (the validation page: "basic and advanced rules"). */
  ranWhenComplete?: string;
}

/**
 * The verdict of one hit, saying what ran (issue 22): "PASS on basic rules", how many checks did not
 * run on the plan, and, when those checks would have found an error-level problem, by family and
 * count, with the upgrade link. Never a plain PASS on a hit the engine knows is broken.
 */
export function VerdictSummary({ status, withheld, plan, source, ranWhenComplete }: VerdictProps) {
  const summary = parseWithheld(withheld);
  const verdict = describeVerdict(status, summary, plan);
  return (
    <Stack gap="xs" data-testid="verdict" data-hidden-failure={verdict.hiddenFailure ? 'true' : 'false'}>
      <Group gap="xs" wrap="wrap">
        <Badge color={STATUS_COLORS[status]} size="lg" data-testid="verdict-headline">
          {verdict.notRun ? verdict.headline : ranWhenComplete ? `${verdict.headline} on ${ranWhenComplete}` : verdict.headline}
        </Badge>
        {verdict.hiddenFailure && (
          <Badge color="red" variant="outline" size="lg">
            Would fail on {summary?.tiers.join(' and ')} rules
          </Badge>
        )}
      </Group>
      {verdict.notRun && (
        <Text size="sm" data-testid="verdict-not-run">
          {verdict.headline}; {verdict.notRun}.
        </Text>
      )}
      {verdict.seriousText && (
        <Alert color="red" variant="light" title="Problems the checks that did not run would have found" data-testid="verdict-serious">
          <Text size="sm">{verdict.seriousText}</Text>
          <Anchor component={Link} to={upgradeLink('advanced_rules', plan, source)} size="sm">
            Upgrade to see them
          </Anchor>
        </Alert>
      )}
      {verdict.notRun && !verdict.seriousText && (
        <Anchor component={Link} to={upgradeLink('advanced_rules', plan, source)} size="sm">
          Upgrade to run every check
        </Anchor>
      )}
    </Stack>
  );
}

/** The log row's short form: what ran and, when it matters, that the checks that did not run found something. */
export function VerdictCaption({ status, withheld, plan }: Omit<VerdictProps, 'source' | 'ranWhenComplete'>) {
  const verdict = describeVerdict(status, parseWithheld(withheld), plan);
  if (!verdict.notRun) return null;
  return (
    <Stack gap={2} mt={4} data-testid="verdict-caption">
      <Text size="xs" c="dimmed">
        {verdict.headline}; {verdict.notRun}
      </Text>
      {verdict.hiddenFailure && (
        <Text size="xs" c="red" fw={600}>
          Would fail: {verdict.serious.map((f) => `${f.count} critical ${FAMILY_NAMES[f.family]}`).join(', ')}
        </Text>
      )}
    </Stack>
  );
}
