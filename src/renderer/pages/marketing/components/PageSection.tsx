import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

interface PageHeroProps {
  /** The page's one h1. */
  title: string;
  /** Browser tab title; defaults to the h1. */
  documentTitle?: string;
  eyebrow?: string;
  lead?: ReactNode;
  actions?: ReactNode;
}

export function PageHero({ title, documentTitle, eyebrow, lead, actions }: PageHeroProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <Box py={{ base: 40, sm: 64 }}>
      <Container size="md">
        <Stack gap="md" align="flex-start">
          {eyebrow && (
            <Text c="blue" fw={600} tt="uppercase" fz="sm">
              {eyebrow}
            </Text>
          )}
          <Title order={1}>{title}</Title>
          {lead && (
            <Text fz="lg" c="dimmed" component="div">
              {lead}
            </Text>
          )}
          {actions}
        </Stack>
      </Container>
    </Box>
  );
}

interface SectionProps {
  title?: string;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** A titled content block (h2) inside the page's main landmark. */
export function PageSection({ title, children, size = 'md' }: SectionProps) {
  return (
    <Container size={size} py="lg" component="section" aria-label={title}>
      {title && (
        <Title order={2} mb="md">
          {title}
        </Title>
      )}
      {children}
    </Container>
  );
}
