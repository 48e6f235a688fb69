import { Button, Group, Modal, MultiSelect, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSaveAlertRuleMutation } from '../../data/alerts/save-alert-rule-mutation';
import type { AlertChannel, AlertRule, AlertRuleKind, AlertSeverity } from '../../data/alerts/types';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { KINDS, formFromParams, paramsFromForm } from './rule-kinds';
import { ALERT_TOASTS } from './toasts';

interface RuleFormValues {
  name: string;
  kind: AlertRuleKind;
  websiteId: string;
  severity: AlertSeverity;
  channelIds: string[];
  enabled: boolean;
  params: Record<string, unknown>;
}

const ALL_WEBSITES = 'all';

interface RuleFormModalProps {
  organizationId: string;
  rule: AlertRule | null;
  websites: Array<{ id: string; name: string }>;
  channels: AlertChannel[];
  onClose: () => void;
}

/** Creates or edits an alert rule; the database checks the parameters again and says what is wrong. */
export function RuleFormModal({ organizationId, rule, websites, channels, onClose }: RuleFormModalProps) {
  const save = useSaveAlertRuleMutation();
  const initialKind: AlertRuleKind = rule?.kind ?? 'failure_rate';
  const form = useForm<RuleFormValues>({
    initialValues: {
      name: rule?.name ?? '',
      kind: initialKind,
      websiteId: rule?.website_id ?? ALL_WEBSITES,
      severity: rule?.severity ?? 'warning',
      channelIds: rule?.channel_ids ?? channels.filter((c) => c.is_default).map((c) => c.id),
      enabled: rule?.enabled ?? true,
      params: formFromParams(initialKind, rule?.params ?? {}),
    },
    validate: {
      name: (v) => (v.trim().length < 1 || v.trim().length > 120 ? 'Give the rule a name (up to 120 characters)' : null),
      params: (v, values) => {
        const missing = KINDS[values.kind].fields.find((f) => f.type === 'text' && f.required && !String(v[f.key] ?? '').trim());
        return missing ? `${missing.label} is required` : null;
      },
    },
  });
  const kind = form.values.kind;

  async function submit(values: RuleFormValues) {
    try {
      await save.mutateAsync({
        organizationId,
        id: rule?.id,
        websiteId: values.websiteId === ALL_WEBSITES ? null : values.websiteId,
        name: values.name,
        kind: values.kind,
        params: paramsFromForm(values.kind, values.params),
        severity: values.severity,
        channelIds: values.channelIds,
        enabled: values.enabled,
      });
      notify(ALERT_TOASTS.ruleSaved);
      onClose();
    } catch (err) {
      notify(ALERT_TOASTS.ruleSaveFailed, errorMessage(err));
    }
  }

  return (
    <Modal opened onClose={onClose} title={rule ? 'Edit alert rule' : 'New alert rule'} size="lg">
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="When"
            data={Object.entries(KINDS).map(([value, k]) => ({ value, label: k.label }))}
            allowDeselect={false}
            disabled={Boolean(rule?.is_default)}
            {...form.getInputProps('kind')}
            onChange={(value) => {
              if (!value) return;
              const next = value as AlertRuleKind;
              form.setFieldValue('kind', next);
              form.setFieldValue('params', formFromParams(next, {}));
              if (next === 'usage') form.setFieldValue('websiteId', ALL_WEBSITES);
            }}
          />
          <Text size="sm" c="dimmed">
            {KINDS[kind].description}
          </Text>
          {KINDS[kind].fields.map((f) =>
            f.type === 'number' ? (
              <NumberInput key={`${kind}-${f.key}`} label={`${f.label}${f.suffix ? ` (${f.suffix})` : ''}`} min={f.min} max={f.max} allowDecimal={false} {...form.getInputProps(`params.${f.key}`)} />
            ) : f.type === 'text' ? (
              <TextInput key={`${kind}-${f.key}`} label={f.label} placeholder={f.placeholder} required={f.required} {...form.getInputProps(`params.${f.key}`)} />
            ) : f.type === 'boolean' ? (
              <Switch key={`${kind}-${f.key}`} label={f.label} description={f.description} {...form.getInputProps(`params.${f.key}`, { type: 'checkbox' })} />
            ) : (
              <MultiSelect key={`${kind}-${f.key}`} label={f.label} data={f.options} clearable {...form.getInputProps(`params.${f.key}`)} />
            ),
          )}
          {form.errors.params && (
            <Text size="sm" c="red" role="alert">
              {form.errors.params}
            </Text>
          )}
          <Select
            label="Websites"
            data={[{ value: ALL_WEBSITES, label: 'All websites' }, ...websites.map((w) => ({ value: w.id, label: w.name }))]}
            allowDeselect={false}
            disabled={kind === 'usage' || Boolean(rule?.is_default)}
            {...form.getInputProps('websiteId')}
          />
          <Select
            label="Severity"
            data={[
              { value: 'critical', label: 'Critical' },
              { value: 'warning', label: 'Warning' },
              { value: 'info', label: 'Info' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('severity')}
          />
          <MultiSelect label="Notify" placeholder={channels.length ? 'Choose channels' : 'No channels yet'} data={channels.map((c) => ({ value: c.id, label: c.name }))} {...form.getInputProps('channelIds')} />
          <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
