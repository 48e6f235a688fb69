import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import { useEffectivePlan } from '../../data/billing/use-effective-plan';
import { useUpdateOrganizationMutation } from '../../data/organizations/update-organization-mutation';
import { useDeleteOrganizationMutation } from '../../data/organizations/delete-organization-mutation';
import { useSwitchOrganizationMutation } from '../../data/organizations/switch-organization-mutation';
import { useSlugAvailabilityCheck } from '../../data/organizations/slug-availability-query';
import { changedOrganizationFields, isDeleteConfirmed, organizationAfterDelete } from '../../data/organizations/organization-rules';
import type { Organization } from '../../data/organizations/types';
import { roleLabel } from '../../data/team/team-rules';
import { useRemoveMemberMutation } from '../../data/team/remove-member-mutation';
import { useSession } from '../../data/auth/use-session';
import { formatDate } from '../../lib/dates';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { DASHBOARD_PATH } from '../../routing/paths';
import { planBadge } from '../../components/plan-badge';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { storedOrganizationIdAtom, storedWebsiteIdAtom } from '../../state/selection-atoms';
import { NAME_MAX_LENGTH, validateSlug } from '../../components/fields/validation';
import { planName } from '../../../shared/plans';
import { TimeZoneSetting } from './TimeZoneSetting';

/** /app/organization: details of the current organization; owners and admins edit it, owners delete it. */
export function OrganizationPage() {
  const { organization, organizations } = useCurrentOrganization();
  if (!organization) return null;
  const can = permissionsForRole(organization.user_role);
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Organization
        </Title>
        <Text c="dimmed">Your organization's name, slug, plan and status.</Text>
      </Stack>
      <OrganizationDetails organization={organization} />
      {/* Keyed by id: switching organization starts the form from the new one's values. */}
      <OrganizationSettingsForm key={organization.id} organization={organization} canEdit={can.manageSettings} />
      <TimeZoneSetting key={`tz-${organization.id}`} organization={organization} canEdit={can.manageSettings} />
      <LeaveOrganizationSection organization={organization} organizations={organizations} />
      {organization.user_role === 'owner' && <DeleteOrganizationSection organization={organization} organizations={organizations} />}
    </Stack>
  );
}

function Detail({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="div" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function OrganizationDetails({ organization }: { organization: Organization }) {
  // The badge names the plan whose features apply now: Free once a trial or subscription lapsed.
  const effectivePlan = useEffectivePlan(organization) ?? organization.plan;
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        <Detail
          label="Plan"
          value={
            <Group gap="xs">
              <span>{planName(organization.plan)}</span>
              <Badge variant="light">{planBadge(effectivePlan)}</Badge>
              {effectivePlan !== organization.plan && (
                <Text span size="sm" c="dimmed">
                  {planName(effectivePlan)} plan features apply
                </Text>
              )}
            </Group>
          }
          testId="organization-plan"
        />
        <Detail label="Status" value={planName(organization.subscription_status ?? 'active')} testId="organization-status" />
        <Detail label="Trial ends" value={formatDate(organization.trial_ends_at, 'No trial')} testId="organization-trial-end" />
        <Detail label="Your role" value={roleLabel(organization.user_role)} testId="organization-role" />
        <Detail label="Created" value={formatDate(organization.created_at)} />
        {organization.current_period_end && <Detail label="Current period ends" value={formatDate(organization.current_period_end)} />}
      </SimpleGrid>
    </Paper>
  );
}

function OrganizationSettingsForm({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const [name, setName] = useState(organization.name);
  const [slug, setSlug] = useState(organization.slug);
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const update = useUpdateOrganizationMutation();
  const checkSlug = useSlugAvailabilityCheck();
  const [checking, setChecking] = useState(false);
  const changes = changedOrganizationFields(organization, { name, slug });
  const dirty = Object.keys(changes).length > 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit || !dirty) return;
    const found: { name?: string; slug?: string } = {};
    if (!name.trim()) found.name = 'Organization name is required';
    else if (name.trim().length > NAME_MAX_LENGTH) found.name = `Organization name must be at most ${NAME_MAX_LENGTH} characters`;
    found.slug = changes.slug !== undefined ? validateSlug(slug) : undefined;
    if (!found.slug && changes.slug !== undefined) {
      setChecking(true);
      found.slug = (await checkSlug(slug)) ?? undefined;
      setChecking(false);
    }
    setErrors(found);
    if (found.name || found.slug) return;
    try {
      await update.mutateAsync({ organizationId: organization.id, changes });
      notify(TOASTS.organizationUpdated);
    } catch (err) {
      notify(TOASTS.updateOrganizationFailed, errorMessage(err));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate aria-label="Organization settings">
        <Stack>
          <Title order={2} size="h4">
            Settings
          </Title>
          {!canEdit && (
            <Alert color="gray" data-testid="organization-read-only">
              Only owners and admins can change the organization's settings.
            </Alert>
          )}
          <TextInput
            label="Organization name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            readOnly={!canEdit}
            required
            error={errors.name}
          />
          <TextInput
            label="Organization slug"
            description="Used in links; lowercase letters, numbers and hyphens"
            value={slug}
            onChange={(e) => setSlug(e.currentTarget.value.toLowerCase())}
            readOnly={!canEdit}
            required
            error={errors.slug}
          />
          {canEdit && (
            <Group>
              <Button type="submit" disabled={!dirty} loading={checking || update.isPending}>
                Save changes
              </Button>
              <Button
                variant="default"
                disabled={!dirty}
                onClick={() => {
                  setName(organization.name);
                  setSlug(organization.slug);
                  setErrors({});
                }}
              >
                Discard
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function DeleteOrganizationSection({ organization, organizations }: { organization: Organization; organizations: Organization[] }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteOrganizationMutation();
  const moveOn = useMoveOnFrom(organizations);
  const confirmed = isDeleteConfirmed(typed, organization.name);

  async function onDelete() {
    if (!confirmed) return;
    try {
      await remove.mutateAsync(organization.id);
    } catch (err) {
      notify(TOASTS.deleteOrganizationFailed, errorMessage(err));
      return;
    }
    setOpen(false);
    notify(TOASTS.organizationDeleted);
    await moveOn(organization);
  }

  return (
    <Paper withBorder p="lg" radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack>
        <Title order={2} size="h4" c="red">
          Delete organization
        </Title>
        <Text size="sm">
          Deleting {organization.name} removes its websites, requests, rules, members and invitations for everyone. This cannot be
          undone.
        </Text>
        <Button color="red" variant="light" w="fit-content" onClick={() => setOpen(true)}>
          Delete organization
        </Button>
      </Stack>
      <Modal
        opened={open}
        onClose={() => {
          setOpen(false);
          setTyped('');
        }}
        title="Delete organization"
      >
        <Stack>
          <Text size="sm">
            Type <strong>{organization.name}</strong> to confirm that you want to delete this organization permanently.
          </Text>
          <TextInput
            label="Organization name"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            data-autofocus
            autoComplete="off"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" disabled={!confirmed} loading={remove.isPending} onClick={() => void onDelete()}>
              Delete permanently
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** Moves the user on after they lost access to `gone`: into their next organization (recorded in the profile), or to setup. */
function useMoveOnFrom(organizations: Organization[]) {
  const switchOrganization = useSwitchOrganizationMutation();
  const setStoredOrganization = useSetAtom(storedOrganizationIdAtom);
  const setStoredWebsite = useSetAtom(storedWebsiteIdAtom);
  const navigate = useNavigate();
  return async (gone: Organization) => {
    const next = organizationAfterDelete(organizations, gone.id);
    setStoredWebsite(null);
    if (next) await switchOrganization.mutateAsync(next.id).catch(() => setStoredOrganization(next.id));
    else setStoredOrganization(null);
    navigate(DASHBOARD_PATH, { replace: true });
  };
}

function LeaveOrganizationSection({ organization, organizations }: { organization: Organization; organizations: Organization[] }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const leave = useRemoveMemberMutation();
  const moveOn = useMoveOnFrom(organizations);

  async function onLeave() {
    if (!user) return;
    try {
      await leave.mutateAsync({ organizationId: organization.id, userId: user.id });
    } catch (err) {
      // e.g. 'An organization must keep at least one owner'.
      notify(TOASTS.leaveOrganizationFailed, errorMessage(err));
      return;
    }
    setOpen(false);
    notify(TOASTS.leftOrganization);
    await moveOn(organization);
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Leave organization
        </Title>
        <Text size="sm">
          You lose access to {organization.name} until someone invites you again.
          {organization.user_role === 'owner' && ' An organization must keep at least one owner, so make someone else an owner first.'}
        </Text>
        <Button variant="default" w="fit-content" onClick={() => setOpen(true)}>
          Leave organization
        </Button>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Leave organization">
        <Stack>
          <Text size="sm">
            Leave <strong>{organization.name}</strong>? You will no longer see its websites and data.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button color="red" loading={leave.isPending} onClick={() => void onLeave()}>
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
