import { useMemo } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { RuleMeta } from '../../../shared/ga4';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import { useRuleSettingsQuery } from '../../data/rules/rule-settings-query';
import { useCurrentWebsite } from '../../data/websites/use-current-website';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { RuleCard } from './RuleCard';

/** Which website the rule settings apply to, and who may change them. */
export function RuleSettingsContext() {
  const { organization } = useCurrentOrganization();
  const { website } = useCurrentWebsite();
  const canManage = permissionsForRole(organization?.user_role).manageRules;
  if (!website)
    return (
      <Alert color="gray">
        Rules run on every hit. <Anchor component={Link} to="/app/websites/add">Add a website</Anchor> to turn rules off or change their
        severity for it.
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed" data-testid="rules-website">
      {canManage
        ? `Switches and severities apply to ${website.name || website.domain} (choose another website in the top bar).`
        : `Showing the settings of ${website.name || website.domain}. Only owners and admins can change them.`}
    </Text>
  );
}

/** Catalogue rules with the current website's settings. */
export function RuleList({ rules }: { rules: readonly RuleMeta[] }) {
  const { organization } = useCurrentOrganization();
  const { website } = useCurrentWebsite();
  const settings = useRuleSettingsQuery(website?.id);
  const byRule = useMemo(() => new Map((settings.data ?? []).map((s) => [s.rule_id, s])), [settings.data]);
  const canManage = permissionsForRole(organization?.user_role).manageRules;
  return (
    <Stack gap="sm">
      {settings.isError && <Alert color="red">The website's rule settings could not be loaded; defaults are shown.</Alert>}
      {rules.map((rule) => (
        <RuleCard key={rule.id} rule={rule} setting={byRule.get(rule.id)} websiteId={website?.id ?? null} canManage={canManage && !settings.isPending} />
      ))}
    </Stack>
  );
}
