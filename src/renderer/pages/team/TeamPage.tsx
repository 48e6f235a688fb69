import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { isWithinLimit } from '../../../shared/plans';
import { useSession } from '../../data/auth/use-session';
import { usePlanLimitsQuery } from '../../data/billing/plan-limits-query';
import { useUsageStatusQuery } from '../../data/billing/usage-status-query';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import { isOrganizationRole, type Organization, type OrganizationRole } from '../../data/organizations/types';
import { useInviteMemberMutation } from '../../data/team/invite-member-mutation';
import { usePendingInvitationsQuery } from '../../data/team/invitations-query';
import { useTeamMembersQuery } from '../../data/team/members-query';
import { useRemoveMemberMutation } from '../../data/team/remove-member-mutation';
import { assignableRoles, canRemoveMember, isManagerRole, memberDisplayName, roleLabel } from '../../data/team/team-rules';
import { INVITABLE_ROLES, type InvitableRole, type TeamMember } from '../../data/team/types';
import { useUpdateMemberRoleMutation } from '../../data/team/update-member-role-mutation';
import { formatDate } from '../../lib/dates';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { UsageAlerts } from '../../components/UsageAlerts';
import { planUsageSentence } from '../../../shared/format';
import { validateEmail } from '../../components/fields/validation';

/**
 * /app/team. Everyone in the organization sees who is in it; owners and admins invite people,
 * change roles and remove members (spec section 6: "Owner and admin: manage team").
 */
export function TeamPage() {
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  const manager = isManagerRole(organization.user_role);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Team
        </Title>
        <Text c="dimmed">The members of {organization.name} and their roles.</Text>
      </Stack>
      <UsageAlerts organization={organization} metrics={['team_members']} />
      <TeamLimit organization={organization} />
      {manager ? (
        <InviteForm organization={organization} />
      ) : (
        <Alert color="gray" data-testid="team-read-only">
          Only owners and admins can invite people, change roles or remove members.
        </Alert>
      )}
      <MembersTable organization={organization} />
      {manager && <PendingInvitations organization={organization} />}
    </Stack>
  );
}

function TeamLimit({ organization }: { organization: Organization }) {
  const usage = useUsageStatusQuery(organization.id);
  const planLimits = usePlanLimitsQuery(organization.plan);
  const limit = usage.data?.limits.team_members ?? planLimits.data?.max_team_members;
  const used = usage.data?.usage.team_members;
  if (limit === undefined) return null;
  return (
    <Text size="sm" data-testid="team-limit">
      {planUsageSentence('Team members', used, limit)}
    </Text>
  );
}

function InviteForm({ organization }: { organization: Organization }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [error, setError] = useState<string | undefined>();
  const invite = useInviteMemberMutation();
  const usage = useUsageStatusQuery(organization.id);
  // Inviting is allowed while the limit is -1 or usage is below it; blocked when usage is unknown.
  const allowed = usage.data ? isWithinLimit(usage.data.usage.team_members, usage.data.limits.team_members) : false;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem);
    if (problem || !allowed) return;
    try {
      await invite.mutateAsync({ organizationId: organization.id, email, role });
      notify(TOASTS.userInvited);
      setEmail('');
    } catch (err) {
      notify(TOASTS.inviteUserFailed, errorMessage(err));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate aria-label="Invite a team member">
        <Stack>
          <Title order={2} size="h4">
            Invite a team member
          </Title>
          {usage.data && !allowed && (
            <Alert color="yellow" data-testid="team-limit-reached">
              Your plan's team member limit is reached. <Anchor component={Link} to="/app/billing">Upgrade your plan</Anchor> to invite
              more people.
            </Alert>
          )}
          {usage.isError && <Alert color="red">Your plan's usage could not be loaded, so inviting is paused. Reload to try again.</Alert>}
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              w={300}
            />
            <Select
              label="Role"
              data={INVITABLE_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
              value={role}
              onChange={(value) => setRole((INVITABLE_ROLES as readonly string[]).includes(value ?? '') ? (value as InvitableRole) : 'member')}
              allowDeselect={false}
              w={160}
            />
          </Group>
          <Group>
            <Button type="submit" loading={invite.isPending || usage.isPending} disabled={usage.isSuccess && !allowed}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function MembersTable({ organization }: { organization: Organization }) {
  const { user } = useSession();
  const members = useTeamMembersQuery(organization.id);
  const updateRole = useUpdateMemberRoleMutation();
  const remove = useRemoveMemberMutation();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  async function changeRole(member: TeamMember, value: string | null) {
    if (!value || !isOrganizationRole(value) || value === member.role) return;
    try {
      await updateRole.mutateAsync({ organizationId: organization.id, userId: member.user_id, role: value });
      notify(TOASTS.roleUpdated);
    } catch (err) {
      notify(TOASTS.updateRoleFailed, errorMessage(err));
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync({ organizationId: organization.id, userId: removing.user_id });
      notify(TOASTS.userRemoved);
      setRemoving(null);
    } catch (err) {
      notify(TOASTS.removeUserFailed, errorMessage(err));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Members
        </Title>
        {members.isPending ? (
          <Loader size="sm" aria-label="Loading members" />
        ) : members.isError ? (
          <Alert color="red">The member list could not be loaded.</Alert>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label="Team members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Joined</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data.map((member) => {
                  const isSelf = member.user_id === user?.id;
                  const name = memberDisplayName(member);
                  const roles = assignableRoles(organization.user_role, member.role, isSelf);
                  return (
                    <Table.Tr key={member.user_id} data-testid="team-member-row" data-email={member.email ?? undefined}>
                      <Table.Td>
                        {name}
                        {isSelf && (
                          <Text span c="dimmed" size="sm">
                            {' '}
                            (you)
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{member.email ?? '—'}</Table.Td>
                      <Table.Td>
                        {roles.length > 0 ? (
                          <Select
                            aria-label={`Role for ${name}`}
                            size="xs"
                            w={130}
                            data={roles.map((r: OrganizationRole) => ({ value: r, label: roleLabel(r) }))}
                            value={member.role}
                            onChange={(value) => void changeRole(member, value)}
                            allowDeselect={false}
                            disabled={updateRole.isPending}
                          />
                        ) : (
                          <Badge variant="light" data-testid="member-role">
                            {roleLabel(member.role)}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{formatDate(member.joined_at)}</Table.Td>
                      <Table.Td>
                        {canRemoveMember(organization.user_role, member.role, isSelf) && (
                          <Button size="xs" color="red" variant="subtle" onClick={() => setRemoving(member)} aria-label={`Remove ${name}`}>
                            Remove
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove team member">
        <Stack>
          <Text size="sm">
            Remove <strong>{removing ? memberDisplayName(removing) : ''}</strong> from {organization.name}? They lose access at once.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmRemove()}>
              Remove member
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function PendingInvitations({ organization }: { organization: Organization }) {
  const invitations = usePendingInvitationsQuery(organization.id, true);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Pending invitations
        </Title>
        {invitations.isPending ? (
          <Loader size="sm" aria-label="Loading invitations" />
        ) : invitations.isError ? (
          <Alert color="red">The invitations could not be loaded.</Alert>
        ) : invitations.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No pending invitations.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Pending invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.data.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Td>{invitation.email}</Table.Td>
                  <Table.Td>{roleLabel(invitation.role)}</Table.Td>
                  <Table.Td>{formatDate(invitation.expires_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
