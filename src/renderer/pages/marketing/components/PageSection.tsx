import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

/** The header's and footer's container: the one left edge of every public page. */
export const SITE_WIDTH = 'lg';
/** How wide a block of content runs, from that edge (readable line lengths for text). */
const MEASURE = { sm: 640, md: 820, lg: '100%' } as const;

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
      <Container size={SITE_WIDTH}>
        <Stack gap="md" align="flex-start" maw={MEASURE.md}>
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

/**
 * A titled content block (h2) inside the page's main landmark. Every block starts at the site's
 * one left edge (the header's and footer's container); `size` only limits how wide it runs.
 */
export function PageSection({ title, children, size = 'md' }: SectionProps) {
  return (
    <Container size={SITE_WIDTH} py="lg" component="section" aria-label={title}>
      <Box maw={MEASURE[size]}>
        {title && (
          <Title order={2} mb="md">
            {title}
          </Title>
        )}
        {children}
      </Box>
    </Container>
  );
}
