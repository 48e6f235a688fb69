import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../data/auth/use-session';
import { useCreateOrganizationMutation } from '../data/organizations/create-organization-mutation';
import { useSignOutMutation } from '../data/auth/sign-out-mutation';
import { defaultFirstAccount } from '../pages/auth/slug';
import { notify } from '../notifications/notify';
import { TOASTS } from '../notifications/toast-catalogue';
import { LOGOUT_LANDING_PATH } from '../routing/paths';

export const NO_ORGANIZATIONS_MESSAGE = 'No organizations found. Please create an organization first.';

/**
 * Shown instead of the app when the user belongs to no organization. 'Create My First Account'
 * creates one with the default first-account values (name 'My Account', slug from the email,
 * plan free). ('Fix Account Link', for an organization the user created but is not linked to,
 * needs a server-side lookup and comes with the full setup flow.)
 */
export function AccountSetupScreen() {
  const { user } = useSession();
  const create = useCreateOrganizationMutation();
  const signOut = useSignOutMutation();
  const navigate = useNavigate();

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

  return (
    <Center mih="100vh" p="md">
      <Paper component="main" id="main-content" withBorder p="xl" radius="md" maw={520}>
        <Stack>
          <Title order={1} size="h2">
            Set up your account
          </Title>
          <Alert color="yellow">{NO_ORGANIZATIONS_MESSAGE}</Alert>
          <Text>Tracklint keeps websites, team members and plans in an organization. Create one to get started.</Text>
          <Group>
            <Button onClick={() => void createFirstAccount()} loading={create.isPending}>
              Create My First Account
            </Button>
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
