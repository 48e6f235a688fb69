import { useState } from 'react';
import { ConfirmActionModal } from '../../components/ConfirmActionModal';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { isWithinLimit } from '../../../shared/plans';
import { useUsageStatusQuery } from '../../data/billing/usage-status-query';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { useDeleteCustomRuleMutation, useSaveCustomRuleMutation } from '../../data/rules/custom-rule-mutations';
import { useCustomRulesQuery } from '../../data/rules/custom-rules-query';
import type { CustomRule } from '../../data/rules/types';
import { useCurrentWebsite } from '../../data/websites/use-current-website';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { planUsageSentence } from '../../../shared/format';
import { upgradeLink } from '../../data/billing/plan-features';
import { CustomRuleEditor } from './CustomRuleEditor';
import { SEVERITY_COLORS, SEVERITY_LABELS } from '../../components/rule-labels';
import { RULE_TOASTS } from './toasts';

/** /app/rules/custom (pro and up, behind the plan gate): the organization's own rules. */
export function CustomRulesPage() {
  useDocumentTitle('Custom rules');
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <CustomRules organization={organization} />;
}

function CustomRules({ organization }: { organization: Organization }) {
  const rules = useCustomRulesQuery(organization.id);
  const usage = useUsageStatusQuery(organization.id);
  const { websites } = useCurrentWebsite();
  const canManage = permissionsForRole(organization.user_role).manageRules;
  const [editing, setEditing] = useState<CustomRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomRule | null>(null);
  const limit = usage.data?.limits.custom_rules;
  const used = usage.data?.usage.custom_rules;
  const room = usage.data ? isWithinLimit(used, limit) : false;
  const websiteNames = new Map(websites.map((w) => [w.id, w.name || w.domain]));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Custom rules
          </Title>
          <Text c="dimmed">Validation rules you write for your own tracking plan, checked on every hit next to the built-in rules.</Text>
          {limit !== undefined && (
            <Text size="sm" data-testid="custom-rules-limit">
              {planUsageSentence('Custom rules', used, limit)}
            </Text>
          )}
        </Stack>
        {canManage && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} disabled={!room}>
            New custom rule
          </Button>
        )}
      </Group>
      {canManage && usage.data && !room && (
        <Alert color="yellow" title="Custom rule limit reached">
          Custom rule limit reached for your plan. Upgrade to add more.{' '}
          <Anchor component={Link} to={upgradeLink('custom_rules', organization.plan, 'custom-rules')}>
            See plans
          </Anchor>
        </Alert>
      )}
      {!canManage && <Alert color="gray">Only owners and admins can create, change or delete custom rules.</Alert>}
      {rules.isPending ? (
        <Loader aria-label="Loading custom rules" />
      ) : rules.isError ? (
        <Alert color="red" title="Custom rules could not be loaded">
          {errorMessage(rules.error) ?? 'Try again later.'}
        </Alert>
      ) : rules.data.length === 0 ? (
        <Paper withBorder p="xl" radius="md" data-testid="custom-rules-empty">
          <Stack align="flex-start">
            <Text>No custom rules yet. Write one for what your tracking plan needs, e.g. "purchases over 100 carry a coupon".</Text>
            {canManage && room && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                Create your first custom rule
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped verticalSpacing="sm" data-testid="custom-rules-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Severity</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Websites</Table.Th>
                <Table.Th>Enabled</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.data.map((rule) => (
                <CustomRuleRow
                  key={rule.id}
                  rule={rule}
                  organization={organization}
                  canManage={canManage}
                  websiteName={rule.website_id ? (websiteNames.get(rule.website_id) ?? 'One website') : 'All websites'}
                  onEdit={() => setEditing(rule)}
                  onDelete={() => setDeleting(rule)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <CustomRuleEditor organization={organization} websites={websites} rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteCustomRuleModal rule={deleting} organizationId={organization.id} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

interface RowProps {
  rule: CustomRule;
  organization: Organization;
  canManage: boolean;
  websiteName: string;
  onEdit: () => void;
  onDelete: () => void;
}

function CustomRuleRow({ rule, organization, canManage, websiteName, onEdit, onDelete }: RowProps) {
  const save = useSaveCustomRuleMutation();
  async function toggle(enabled: boolean) {
    try {
      await save.mutateAsync({
        id: rule.id,
        input: {
          organizationId: organization.id,
          websiteId: rule.website_id,
          name: rule.name,
          description: rule.description,
          definition: rule.definition,
          severity: rule.severity,
          enabled,
        },
      });
      notify(RULE_TOASTS.customSaved);
    } catch (err) {
      notify(RULE_TOASTS.customSaveFailed, errorMessage(err));
    }
  }
  return (
    <Table.Tr data-testid="custom-rule-row">
      <Table.Td>
        <Text fw={500}>{rule.name}</Text>
        {rule.description && (
          <Text size="xs" c="dimmed">
            {rule.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={SEVERITY_COLORS[rule.severity]} variant="light">
          {SEVERITY_LABELS[rule.severity]}
        </Badge>
      </Table.Td>
      <Table.Td>{rule.definition.events?.join(', ') || 'Every event'}</Table.Td>
      <Table.Td>{websiteName}</Table.Td>
      <Table.Td>
        <Switch checked={rule.enabled} disabled={!canManage || save.isPending} onChange={(e) => void toggle(e.currentTarget.checked)} aria-label={`${rule.name} enabled`} />
      </Table.Td>
      <Table.Td>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={`Edit ${rule.name}`}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${rule.name}`}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function DeleteCustomRuleModal({ rule, organizationId, onClose }: { rule: CustomRule; organizationId: string; onClose: () => void }) {
  const remove = useDeleteCustomRuleMutation();
  return (
    <ConfirmActionModal
      title={`Delete ${rule.name}?`}
      confirmLabel="Delete rule"
      action={() => remove.mutateAsync({ id: rule.id, organizationId })}
      pending={remove.isPending}
      success={RULE_TOASTS.customDeleted}
      failure={RULE_TOASTS.customDeleteFailed}
      onClose={onClose}
    >
      New hits will no longer be checked by this rule. Findings already logged stay in the requests log.
    </ConfirmActionModal>
  );
}
