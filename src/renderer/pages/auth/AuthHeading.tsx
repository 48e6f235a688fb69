import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The title of an auth screen (also the window title). Its own module: the layout is a lazy route chunk. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  useDocumentTitle(title);
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </Stack>
  );
}
