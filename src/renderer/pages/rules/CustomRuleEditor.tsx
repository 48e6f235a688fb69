import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, Group, List, Modal, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { CodeTextarea } from '../../components/fields/CodeTextarea';
import type { Severity } from '../../../shared/ga4';
import type { Organization } from '../../data/organizations/types';
import { useSaveCustomRuleMutation } from '../../data/rules/custom-rule-mutations';
import type { CustomRule } from '../../data/rules/types';
import type { Website } from '../../data/websites/types';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { FindingsList } from '../../components/hits/FindingsList';
import { VALIDATION_SAMPLES } from '../../components/hits/samples';
import { buildDefinition, DEFAULT_CONDITIONS, formFromDefinition, testRuleOnSample, type CustomRuleForm, type SampleTest } from './custom-rule-form';
import { SEVERITIES, SEVERITY_LABELS } from '../../components/rule-labels';
import { ConditionBuilder } from './builder/ConditionBuilder';
import { modelFromJson, modelToJson, type BuilderModel } from './builder/condition-model';
import { RULE_TOASTS } from './toasts';

const ALL = 'all';
const FIELD_PATHS = new Set(['id', 'title', 'severity', 'events', 'description']);

interface CustomRuleEditorProps {
  organization: Organization;
  websites: readonly Website[];
  /** The rule being edited; null for a new one. */
  rule: CustomRule | null;
  onClose: () => void;
}

/** Create or edit a custom rule: fields, a JSON condition editor validated as you type, and a test on a sample request. */
export function CustomRuleEditor({ organization, websites, rule, onClose }: CustomRuleEditorProps) {
  const [form, setForm] = useState<CustomRuleForm>(() =>
    rule ? formFromDefinition(rule) : { name: '', description: '', severity: 'warning', events: [], conditions: DEFAULT_CONDITIONS, enabled: true },
  );
  const [websiteId, setWebsiteId] = useState<string>(rule?.website_id ?? ALL);
  const [sample, setSample] = useState(VALIDATION_SAMPLES.find((s) => s.id === 'purchase-missing-fields')?.text ?? '');
  const [test, setTest] = useState<SampleTest | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // The builder edits a model of the JSON; the JSON text stays what is saved, so both views agree.
  const [builder, setBuilder] = useState<BuilderModel | null>(() => {
    const parsed = modelFromJson(form.conditions);
    return parsed.ok ? parsed.model : null;
  });
  const [viewError, setViewError] = useState<string | null>(null);
  function showBuilder() {
    const parsed = modelFromJson(form.conditions);
    if (!parsed.ok) return setViewError(parsed.reason);
    setViewError(null);
    setBuilder(parsed.model);
  }
  function editInBuilder(model: BuilderModel) {
    setBuilder(model);
    setForm((f) => ({ ...f, conditions: modelToJson(model) }));
  }
  const save = useSaveCustomRuleMutation();
  const result = useMemo(() => buildDefinition(form, rule?.definition.id), [form, rule?.definition.id]);
  const errors = result.ok ? [] : result.errors;
  const conditionErrors = errors.filter((e) => !FIELD_PATHS.has(e.path.split(/[.[]/)[0] ?? ''));
  const fieldError = (path: string) => errors.find((e) => e.path === path || e.path.startsWith(`${path}[`))?.message;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!result.ok) return;
    try {
      await save.mutateAsync({
        id: rule?.id ?? null,
        input: {
          organizationId: organization.id,
          websiteId: websiteId === ALL ? null : websiteId,
          name: form.name.trim(),
          description: form.description.trim() || null,
          definition: result.definition,
          severity: form.severity,
          enabled: form.enabled,
        },
      });
      notify(RULE_TOASTS.customSaved);
      onClose();
    } catch (err) {
      notify(RULE_TOASTS.customSaveFailed, errorMessage(err));
    }
  }

  return (
    <Modal opened onClose={onClose} size="xl" title={rule ? `Edit ${rule.name}` : 'New custom rule'}>
      <form onSubmit={onSubmit} noValidate aria-label={rule ? 'Edit custom rule' : 'New custom rule'}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
              error={submitted || form.name ? (fieldError('title') ?? fieldError('id')) : undefined}
            />
            <Select
              label="Severity"
              data={SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] }))}
              value={form.severity}
              onChange={(v) => v && setForm({ ...form, severity: v as Severity })}
              allowDeselect={false}
            />
            <TagsInput
              label="Events"
              description="Event names the rule checks; leave empty for every event."
              placeholder="purchase, add_to_cart"
              value={form.events}
              onChange={(events) => setForm({ ...form, events })}
              error={fieldError('events')}
            />
            <Select
              label="Websites"
              data={[{ value: ALL, label: 'All websites' }, ...websites.map((w) => ({ value: w.id, label: w.name || w.domain }))]}
              value={websiteId}
              onChange={(v) => setWebsiteId(v ?? ALL)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <TextInput
            label="Description (optional)"
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
            error={fieldError('description')}
          />
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" fw={500} id="conditions-label">
                Conditions
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby="conditions-label"
                data={[
                  { value: 'builder', label: 'Builder' },
                  { value: 'json', label: 'JSON' },
                ]}
                value={builder ? 'builder' : 'json'}
                onChange={(v) => (v === 'builder' ? showBuilder() : setBuilder(null))}
              />
            </Group>
            {viewError && (
              <Alert color="yellow" py="xs" data-testid="builder-unavailable">
                {viewError}
              </Alert>
            )}
            {builder ? (
              <ConditionBuilder model={builder} onChange={editInBuilder} />
            ) : (
            <CodeTextarea
              label="Conditions (JSON)"
              description='"assert" must hold for each checked event; the optional "when" limits which events are checked. Ops: exists, not_exists, equals, not_equals, in, not_in, matches, gt, gte, lt, lte, length_between; combine with all, any, not.'
              minRows={6}
              maxRows={18}
              value={form.conditions}
              onChange={(e) => setForm({ ...form, conditions: e.currentTarget.value })}
              error={!result.ok && (result.jsonError || conditionErrors.length > 0) ? ' ' : undefined}
              data-testid="conditions-editor"
            />
            )}
          </Stack>
          <div aria-live="polite" data-testid="definition-errors">
            {!result.ok && result.jsonError && (
              <Alert color="red" py="xs">
                {result.jsonError}
              </Alert>
            )}
            {conditionErrors.length > 0 && (
              <Alert color="red" py="xs" title={`${conditionErrors.length} problem${conditionErrors.length === 1 ? '' : 's'} in the conditions`}>
                <List size="sm">
                  {conditionErrors.map((e) => (
                    <List.Item key={`${e.path}-${e.message}`}>
                      <Code>{e.path}</Code> {e.message}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {result.ok && (
              <Text size="sm" c="teal">
                The rule is valid. Issues will be reported as <Code>custom.{result.definition.id}</Code>.
              </Text>
            )}
          </div>
          <Switch label="Enabled" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })} />

          <Paper withBorder p="sm" radius="sm">
            <Stack gap="xs">
              <Title order={3} size="h6">
                Test against a sample request
              </Title>
              <CodeTextarea
                label="Sample request"
                description="A raw request (METHOD:/URL:/BODY:), a Measurement Protocol JSON body, a HAR export or a curl command."
                minRows={3}
                maxRows={10}
                value={sample}
                onChange={(e) => setSample(e.currentTarget.value)}
              />
              <Group>
                <Button variant="light" disabled={!result.ok} onClick={() => result.ok && setTest(testRuleOnSample(result.definition, sample))}>
                  Run test
                </Button>
              </Group>
              {test && <SampleTestResult test={test} />}
            </Stack>
          </Paper>

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={submitted && !result.ok}>
              {rule ? 'Save changes' : 'Create rule'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SampleTestResult({ test }: { test: SampleTest }) {
  if (!test.ok)
    return (
      <Alert color="red" py="xs">
        {test.error}
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="sample-test-result">
      <Text size="sm">
        Events in the sample: {test.eventNames.join(', ') || 'none'} — {test.checkedEvents} checked by this rule.{' '}
        {test.issues.length === 0 ? (
          <Badge color="teal">Rule passes</Badge>
        ) : (
          <Badge color="red">
            {test.issues.length} finding{test.issues.length === 1 ? '' : 's'}
          </Badge>
        )}
      </Text>
      {test.issues.length > 0 && <FindingsList issues={test.issues} headingOrder={4} />}
    </Stack>
  );
}
