import type { ReactNode } from 'react';
import { Anchor, Center, Paper, Stack, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';

/** Frame of the sign-in, sign-up and password screens. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={460} gap="lg">
        <Anchor component={Link} to="/" ta="center" fw={700} size="xl" underline="never">
          Tracklint
        </Anchor>
        <Paper component="main" id="main-content" withBorder shadow="sm" radius="md" p="xl">
          {children ?? <Outlet />}
        </Paper>
        <Text c="dimmed" size="xs" ta="center">
          GA4 tracking validation for teams
        </Text>
      </Stack>
    </Center>
  );
}
