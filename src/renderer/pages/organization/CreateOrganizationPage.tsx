import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useCreateOrganizationMutation } from '../../data/organizations/create-organization-mutation';
import { useSwitchOrganizationMutation } from '../../data/organizations/switch-organization-mutation';
import { useSlugAvailabilityCheck } from '../../data/organizations/slug-availability-query';
import { DEFAULT_PLAN, type Plan } from '../../data/organizations/types';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { DASHBOARD_PATH } from '../../routing/paths';
import { slugFromName } from '../../lib/slug';
import { NAME_MAX_LENGTH, ORGANIZATION_NAME_MIN_LENGTH, isPlanValue, validateSlug } from '../../components/fields/validation';
import { planName } from '../../../shared/plans';

type Field = 'name' | 'slug' | 'plan';

/** Plans an owner starts on their own; Enterprise is sold by the sales team (the server refuses it). */
const SELF_SERVICE_PLANS: readonly Plan[] = ['free', 'starter', 'pro'];

/** /app/organization/create: a new organization owned by the user, who then works in it. */
export function CreateOrganizationPage() {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  // The slug follows the name until the user edits it.
  const [slugEdited, setSlugEdited] = useState(false);
  const [plan, setPlan] = useState<Plan>(DEFAULT_PLAN);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [slugStatus, setSlugStatus] = useState<'unknown' | 'checking' | 'available'>('unknown');
  const create = useCreateOrganizationMutation();
  const switchOrganization = useSwitchOrganizationMutation();
  const checkSlug = useSlugAvailabilityCheck();
  const navigate = useNavigate();

  /** An error describes the value it was found in; once that value changes it is stale. */
  function clearErrors(...fields: Field[]) {
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }

  function onNameChange(value: string) {
    setName(value);
    if (!slugEdited) {
      setSlug(slugFromName(value));
      clearErrors('name', 'slug');
    } else clearErrors('name');
    setSlugStatus('unknown');
  }

  /** Format first, then ask the server; returns the problem or undefined. */
  async function slugProblem(value: string): Promise<string | undefined> {
    const format = validateSlug(value);
    if (format) return format;
    setSlugStatus('checking');
    const taken = await checkSlug(value);
    setSlugStatus(taken ? 'unknown' : 'available');
    return taken ?? undefined;
  }

  async function onSlugBlur() {
    if (!slug.trim()) return;
    const problem = await slugProblem(slug);
    setErrors((e) => ({ ...e, slug: problem }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const trimmed = name.trim();
    if (!trimmed) found.name = 'Organization name is required';
    else if (trimmed.length < ORGANIZATION_NAME_MIN_LENGTH) found.name = `Organization name must be at least ${ORGANIZATION_NAME_MIN_LENGTH} characters`;
    else if (trimmed.length > NAME_MAX_LENGTH) found.name = `Organization name must be at most ${NAME_MAX_LENGTH} characters`;
    if (!isPlanValue(plan)) found.plan = 'Choose a plan';
    found.slug = await slugProblem(slug);
    setErrors(found);
    if (found.name || found.slug || found.plan) return;
    try {
      const { id } = await create.mutateAsync({ name: trimmed, slug, plan });
      // Work in the new organization (also recorded in the profile); creating already remembered it locally.
      await switchOrganization.mutateAsync(id).catch((err: unknown) => console.error('recording the new organization as current failed', err));
      notify(TOASTS.organizationCreated);
      navigate(DASHBOARD_PATH);
    } catch (err) {
      notify(TOASTS.createOrganizationFailed, errorMessage(err));
    }
  }

  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Create organization
        </Title>
        <Text c="dimmed">Start another organization with its own websites, team and plan. You will be its owner.</Text>
      </Stack>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={onSubmit} noValidate aria-label="Create organization">
          <Stack>
            <TextInput
              label="Organization name"
              required
              value={name}
              onChange={(e) => onNameChange(e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label="Organization slug"
              description={slugStatus === 'available' ? 'This slug is available' : 'Used in links; lowercase letters, numbers and hyphens'}
              required
              value={slug}
              onChange={(e) => {
                setSlugEdited(true);
                setSlug(e.currentTarget.value.toLowerCase());
                setSlugStatus('unknown');
                clearErrors('slug');
              }}
              onBlur={() => void onSlugBlur()}
              error={errors.slug}
            />
            <Select
              label="Plan"
              data={SELF_SERVICE_PLANS.map((p) => ({ value: p, label: planName(p) }))}
              value={plan}
              onChange={(value) => setPlan(SELF_SERVICE_PLANS.find((p) => p === value) ?? DEFAULT_PLAN)}
              allowDeselect={false}
              description="Starter and Pro start with a 14-day free trial, no card needed. Enterprise: contact sales."
              error={errors.plan}
            />
            <Group>
              <Button type="submit" loading={slugStatus === 'checking' || create.isPending || switchOrganization.isPending}>
                Create organization
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
