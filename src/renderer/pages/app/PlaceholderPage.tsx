import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** A titled page for screens that later work fills in. */
export function PlaceholderPage({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
      {children}
    </Stack>
  );
}
