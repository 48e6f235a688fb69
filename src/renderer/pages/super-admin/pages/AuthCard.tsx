import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';

/** Centered card used by the super-admin sign-in and MFA screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Tracklint Admin`;
  }, [title]);
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap="xs" mb="lg" align="center">
          <IconShieldLock size={32} aria-hidden="true" />
          <Title order={1} fz="h3">
            {title}
          </Title>
          <Text c="dimmed" fz="sm" ta="center">
            {subtitle}
          </Text>
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
