import { Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

/** Title block shared by super-admin pages: the page's one h1 and an optional lead. */
export function AdminPage({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Tracklint Admin`;
  }, [title]);
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {lead && <Text c="dimmed">{lead}</Text>}
      {children}
    </Stack>
  );
}
