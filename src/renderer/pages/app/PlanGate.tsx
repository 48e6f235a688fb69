import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import { useFeatureAccessQuery } from '../../data/billing/feature-access-query';
import { useEffectivePlan } from '../../data/billing/use-effective-plan';
import { planIncludesFeature, requiredPlanForFeature } from '../../data/billing/plan-features';
import { planName } from '../../../shared/plans';

interface PlanGateProps {
  feature: 'advanced_rules' | 'custom_rules';
  /** "Advanced Rules" / "Custom Rules". */
  featureTitle: string;
  /** What the feature unlocks, in the sentence "Upgrade your plan to access ... and unlock ...". */
  accessDescription: string;
  children: ReactNode;
}

/** Shows the page when the organization's plan includes the feature, else the upgrade panel (spec section 6). */
export function PlanGate({ feature, featureTitle, accessDescription, children }: PlanGateProps) {
  const { organization } = useCurrentOrganization();
  // The server (rpc organization_has_feature, which follows the effective plan) has the last word;
  // the effective plan's rule answers until it does, so a lapsed trial never flashes the feature.
  const access = useFeatureAccessQuery(organization?.id, feature);
  const effectivePlan = useEffectivePlan(organization);
  if (access.data ?? planIncludesFeature(effectivePlan, feature)) return <>{children}</>;
  const required = planName(requiredPlanForFeature(feature));
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack>
        <IconLock aria-hidden size={32} />
        <Title order={1} size="h2">
          {featureTitle} Requires {required} Plan
        </Title>
        <Text>Upgrade your plan to access {accessDescription} and unlock powerful GA4 validation capabilities.</Text>
        <Group>
          <Button component={Link} to="/app/rules/basic" variant="default">
            Back to Basic Rules
          </Button>
          <Button component={Link} to="/app/billing">
            Upgrade to {required}
          </Button>
        </Group>
        <Group gap={6} c="dimmed">
          <IconShieldCheck aria-hidden size={16} />
          <Text size="sm">Secure plan-based access control</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
