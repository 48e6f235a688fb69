import { Anchor, Badge, Code, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import type { RuleMeta, Severity } from '../../../shared/ga4';
import type { RuleSetting } from '../../data/rules/types';
import { useSaveRuleSettingMutation } from '../../data/rules/save-rule-setting-mutation';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { EVIDENCE_LABELS, FACT_LABELS, SEVERITIES, SEVERITY_COLORS, SEVERITY_LABELS } from '../../components/rule-labels';
import { RULE_TOASTS } from './toasts';

interface RuleCardProps {
  rule: RuleMeta;
  setting: RuleSetting | undefined;
  /** The website whose settings are shown; null without a website. */
  websiteId: string | null;
  canManage: boolean;
}

/** A catalogue rule: what it checks and why, and for owners/admins its switch and severity on the current website. */
export function RuleCard({ rule, setting, websiteId, canManage }: RuleCardProps) {
  const save = useSaveRuleSettingMutation();
  const enabled = setting?.enabled ?? true;
  const severity: Severity = setting?.severity ?? rule.defaultSeverity;
  const editable = canManage && websiteId !== null;

  async function change(next: { enabled: boolean; severity: Severity }) {
    if (!websiteId) return;
    try {
      await save.mutateAsync({
        input: { websiteId, ruleId: rule.id, enabled: next.enabled, severity: next.severity === rule.defaultSeverity ? null : next.severity },
        defaultSeverity: rule.defaultSeverity,
      });
      notify(RULE_TOASTS.settingSaved);
    } catch (err) {
      notify(RULE_TOASTS.settingFailed, errorMessage(err));
    }
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="rule-card" data-rule-id={rule.id} data-enabled={enabled} opacity={enabled ? 1 : 0.7}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{rule.title}</Text>
            <Badge color={SEVERITY_COLORS[rule.defaultSeverity]} variant="light" size="sm">
              Default: {SEVERITY_LABELS[rule.defaultSeverity]}
            </Badge>
            <Code>{rule.id}</Code>
          </Group>
          {editable ? (
            <Group gap="sm">
              <Select
                size="xs"
                w={170}
                aria-label={`Severity of ${rule.title}`}
                data={SEVERITIES.map((s) => ({ value: s, label: s === rule.defaultSeverity ? `${SEVERITY_LABELS[s]} (default)` : SEVERITY_LABELS[s] }))}
                value={severity}
                onChange={(v) => v && void change({ enabled, severity: v as Severity })}
                allowDeselect={false}
                disabled={save.isPending}
              />
              <Switch
                aria-label={`${rule.title} enabled`}
                label="Enabled"
                checked={enabled}
                disabled={save.isPending}
                onChange={(e) => void change({ enabled: e.currentTarget.checked, severity })}
              />
            </Group>
          ) : (
            setting && (
              <Badge color={enabled ? SEVERITY_COLORS[severity] : 'gray'} variant="outline">
                {enabled ? `On this website: ${SEVERITY_LABELS[severity]}` : 'Off on this website'}
              </Badge>
            )
          )}
        </Group>
        <Text size="sm">{rule.explanation}</Text>
        <Group gap="md">
          <Anchor href={rule.reference} target="_blank" rel="noreferrer" size="xs">
            Reference
          </Anchor>
          {rule.needsFact && (
            <Text size="xs" c="dimmed">
              Runs only with {FACT_LABELS[rule.needsFact]} set.
            </Text>
          )}
          {rule.needsHistory && (
            <Text size="xs" c="dimmed">
              Compares with earlier hits of the website.
            </Text>
          )}
          {rule.needsCaptureTime && (
            <Text size="xs" c="dimmed">
              Needs the time the hit was captured.
            </Text>
          )}
          {rule.confidence && (
            <Text size="xs" c="dimmed" data-testid="rule-confidence">
              Evidence: {EVIDENCE_LABELS[rule.evidence ?? 'single_hit']} · confidence: {rule.confidence}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
