import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PLAN_FINDING_KINDS, type PlanFindingKind } from '../../../shared/ga4';
import { PLAN_FINDING_TITLES, SEVERITIES, SEVERITY_LABELS } from '../../components/rule-labels';
import type { WebsitePlan } from '../../data/tracking-plans/types';
import { severityFormValues, type PlanSeverityChoice, type PlanSeverityValues } from '../../data/tracking-plans/severities';
import { useUpdatePlanSeveritiesMutation } from '../../data/tracking-plans/update-severities-mutation';
import { errorMessage } from '../../notifications/toast-catalogue';
import { notify } from '../../notifications/notify';
import { PLAN_TOASTS } from './toasts';

/** @mantine/form reads a dot in a field name as a nested path: the fields are the kinds without "plan.". */
type FormValues = Record<string, PlanSeverityChoice>;
const field = (kind: PlanFindingKind) => kind.slice('plan.'.length);
const toForm = (values: PlanSeverityValues): FormValues => Object.fromEntries(PLAN_FINDING_KINDS.map((k) => [field(k), values[k]]));
const fromForm = (values: FormValues): PlanSeverityValues => Object.fromEntries(PLAN_FINDING_KINDS.map((k) => [k, values[field(k)]!])) as PlanSeverityValues;

const CHOICES = [...SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] })), { value: 'off', label: 'Off (not reported)' }];

/**
 * The severity of each plan finding kind, for every website that follows the plan. Owners and
 * admins change it (no new version needed: the collector applies it from the next hit); members read it.
 * Not remounted on save (a mutate callback of an unmounted component never runs, and the toast
 * would be lost): a save makes the saved values the form's new baseline instead.
 */
export function PlanSeverities({ plan, canEdit }: { plan: WebsitePlan; canEdit: boolean }) {
  const update = useUpdatePlanSeveritiesMutation();
  const form = useForm<FormValues>({ initialValues: toForm(severityFormValues(plan.severities)) });

  const save = form.onSubmit((values) =>
    update.mutate({ planId: plan.planId, values: fromForm(values) }, { onSuccess: () => { form.resetDirty(values); notify(PLAN_TOASTS.severitiesSaved); }, onError: (e) => notify(PLAN_TOASTS.severitiesFailed, errorMessage(e)) }),
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Severity of plan findings
      </Title>
      <Text size="sm" c="dimmed">
        How each kind of plan violation is reported on every website that follows this plan, from the next hit on.
      </Text>
      <form onSubmit={save} aria-label="Severity of plan findings">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {PLAN_FINDING_KINDS.map((kind) => (
            <NativeSelect key={kind} label={PLAN_FINDING_TITLES[kind]} description={kind} data={CHOICES} disabled={!canEdit} {...form.getInputProps(field(kind))} />
          ))}
        </SimpleGrid>
        {canEdit && (
          <Group mt="sm">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save severities
            </Button>
          </Group>
        )}
      </form>
    </Stack>
  );
}
