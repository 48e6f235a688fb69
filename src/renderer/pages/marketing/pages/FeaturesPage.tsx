import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageHero, PageSection } from '../components/PageSection';
import { FEATURE_PAGES } from '../data/feature-pages';
import { findPlan } from '../data/plans';

export function FeaturesPage() {
  return (
    <>
      <PageHero
        title="Features"
        lead="Tracklint watches the GA4 requests your sites send and tells you, hit by hit, whether they follow the rules."
      />
      <PageSection size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {FEATURE_PAGES.map((page) => (
            <Card key={page.slug} withBorder padding="lg" component="article">
              <Title order={2} fz="lg" mb={4}>
                <Anchor component={Link} to={`/features/${page.slug}`}>
                  {page.name}
                </Anchor>
              </Title>
              <Text fw={500} mb={6}>
                {page.title}
              </Text>
              <Text fz="sm" c="dimmed" mb={6}>
                {page.intro}
              </Text>
              <Text fz="xs" c="dimmed">
                Available from the {findPlan(page.availableFrom)?.name} plan
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </PageSection>
    </>
  );
}
