import type { ReactNode } from 'react';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../data/auth/use-session';
import { useSignOutMutation } from '../data/auth/sign-out-mutation';
import { LOGIN_PATH } from './paths';

/**
 * The second /app gate (its rule is ours to choose): the account's email must be confirmed.
 * A session without a confirmed email (e.g. a server that does not require confirmation for
 * sign-in) cannot use the app until the user follows the confirmation link.
 */
export function AccessWrapper({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const signOut = useSignOutMutation();
  const navigate = useNavigate();
  if (user && !user.email_confirmed_at) {
    return (
      <Center mih="100vh" p="md">
        <Paper withBorder p="xl" maw={480} component="main">
          <Stack>
            <Title order={1} size="h2">
              Confirm your email
            </Title>
            <Text>
              We sent a confirmation link to {user.email}. Open it to finish setting up your account, then sign in again.
            </Text>
            <Button variant="light" onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(LOGIN_PATH) })}>
              Back to sign in
            </Button>
          </Stack>
        </Paper>
      </Center>
    );
  }
  return <>{children}</>;
}
