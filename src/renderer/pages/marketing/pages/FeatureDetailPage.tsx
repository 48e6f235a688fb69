import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageHero, PageSection } from '../components/PageSection';
import { TextLink } from '../components/TextLink';
import type { FeaturePageContent } from '../data/feature-pages';
import { findPlan, signupHref } from '../data/plans';

export function FeatureDetailPage({ content }: { content: FeaturePageContent }) {
  const plan = findPlan(content.availableFrom);
  return (
    <>
      <PageHero
        eyebrow={content.name}
        documentTitle={`${content.name} features`}
        title={content.title}
        lead={content.intro}
        actions={
          <Group>
            <Button component={Link} to={signupHref(content.availableFrom)}>
              {content.availableFrom === 'free' ? 'Start free' : `Start with ${plan?.name ?? content.availableFrom}`}
            </Button>
            <Button component={Link} to="/features" variant="default">
              All features
            </Button>
          </Group>
        }
      />
      <PageSection title="What you get">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {content.points.map((point) => (
            <Stack key={point.title} gap={4}>
              <Title order={3} fz="md">
                {point.title}
              </Title>
              <Text fz="sm" c="dimmed">
                {point.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text mt="xl" fz="sm">
          Available from the {plan?.name} plan. <TextLink to="/pricing">Compare plans</TextLink>.
        </Text>
      </PageSection>
    </>
  );
}
