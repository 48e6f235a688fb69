import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../data/auth/use-session';
import { useCreateOrganizationMutation } from '../data/organizations/create-organization-mutation';
import { useFixAccountLinkMutation } from '../data/organizations/fix-account-link-mutation';
import { useUnlinkedOrganizationsQuery } from '../data/organizations/unlinked-organizations-query';
import { useSignOutMutation } from '../data/auth/sign-out-mutation';
import { defaultFirstAccount } from '../lib/slug';
import { notify } from '../notifications/notify';
import { TOASTS } from '../notifications/toast-catalogue';
import { LOGOUT_LANDING_PATH } from '../routing/paths';

export const NO_ORGANIZATIONS_MESSAGE = 'No organizations found. Please create an organization first.';

/**
 * Shown instead of the app when the user belongs to no organization. When the user created an
 * organization they are no longer linked to (rpc find_unlinked_organizations), it offers
 * 'Fix Account Link'; otherwise 'Create My First Account' with the default first-account values
 * (name 'My Account', slug from the email, plan free).
 */
export function AccountSetupScreen() {
  const { user } = useSession();
  const unlinked = useUnlinkedOrganizationsQuery(true);
  const create = useCreateOrganizationMutation();
  const fixLink = useFixAccountLinkMutation();
  const signOut = useSignOutMutation();
  const navigate = useNavigate();
  // If the lookup fails, the user can still create an organization.
  const orphan = unlinked.data?.[0] ?? null;

  async function createFirstAccount() {
    if (!user?.email) return;
    try {
      await create.mutateAsync(defaultFirstAccount(user.email));
      notify(TOASTS.organizationCreated);
    } catch (err) {
      console.error('create first account failed', err);
      notify(TOASTS.setupCreateOrganizationFailed);
    }
  }

  async function fixAccountLink(organizationId: string) {
    try {
      await fixLink.mutateAsync(organizationId);
      notify(TOASTS.accountLinkFixed);
    } catch (err) {
      console.error('fix account link failed', err);
      notify(TOASTS.setupFixAccountLinkFailed);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper component="main" id="main-content" withBorder p="xl" radius="md" maw={520}>
        <Stack>
          <Title order={1} size="h2">
            Set up your account
          </Title>
          {unlinked.isPending && unlinked.fetchStatus !== 'idle' ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text c="dimmed">Looking for your organizations…</Text>
            </Group>
          ) : orphan ? (
            <>
              <Alert color="yellow" title="Your account is not linked to your organization">
                We found <strong>{orphan.name}</strong> ({orphan.slug}), which you created, but your account is no longer linked to
                it. Fix the link to become its owner again.
              </Alert>
              <Group>
                <Button onClick={() => void fixAccountLink(orphan.id)} loading={fixLink.isPending}>
                  Fix Account Link
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Alert color="yellow">{NO_ORGANIZATIONS_MESSAGE}</Alert>
              <Text>Tracklint keeps websites, team members and plans in an organization. Create one to get started.</Text>
              <Group>
                <Button onClick={() => void createFirstAccount()} loading={create.isPending}>
                  Create My First Account
                </Button>
              </Group>
            </>
          )}
          <Group>
            <Button
              variant="subtle"
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(LOGOUT_LANDING_PATH, { replace: true }) })}
            >
              Log out
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
