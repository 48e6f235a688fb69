import { Button, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconChartLine, IconChecklist, IconCode } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHero, PageSection } from '../components/PageSection';
import { ProductPreview } from '../components/ProductPreview';
import { TextLink } from '../components/TextLink';
import { countOf } from '../../../lib/plural';

const STEPS = [
  {
    icon: IconCode,
    title: '1. Send a copy of your GA4 hits',
    text: 'Add the Tracklint snippet to your site, or mirror your Measurement Protocol calls. Google keeps receiving your data as before.',
  },
  {
    icon: IconChecklist,
    title: '2. Every hit is decoded and validated',
    text: 'Tracklint decodes events, parameters, items and consent state, then checks them against structural, business and your own rules.',
  },
  {
    icon: IconChartLine,
    title: '3. Logs and charts show what changed',
    text: 'Each hit is logged per website with its results, and charted over time so regressions stand out.',
  },
  {
    icon: IconBell,
    title: '4. Alerts reach you the same day',
    text: 'When hits start failing, Tracklint raises an alert instead of leaving you to find the gap in next month’s report.',
  },
] as const;

const RULE_SETS = [
  { name: 'Consent and GDPR', count: 15 },
  { name: 'E-commerce', count: 20 },
  { name: 'Session and attribution', count: 20 },
  { name: 'Data quality', count: 15 },
] as const;

export function HomePage() {
  return (
    <>
      <PageHero
        documentTitle="Tracklint"
        eyebrow="GA4 tracking validation"
        title="Keep your Google Analytics 4 tracking correct"
        lead="Tracklint decodes every GA4 hit your sites send, validates it against clear rules, logs it, charts it and alerts you when tracking breaks."
        actions={
          <Group>
            <Button component={Link} to="/signup" size="md">
              Start free
            </Button>
            <Button component={Link} to="/demo" size="md" variant="default">
              See the demo
            </Button>
          </Group>
        }
      />

      <PageSection size="lg">
        <ProductPreview />
      </PageSection>

      <PageSection title="How it works" size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {STEPS.map((step) => (
            <Card key={step.title} withBorder padding="lg" component="article">
              <ThemeIcon variant="light" size="lg" mb="sm" aria-hidden="true">
                <step.icon size={20} />
              </ThemeIcon>
              <Title order={3} fz="md" mb={6}>
                {step.title}
              </Title>
              <Text fz="sm" c="dimmed">
                {step.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title="70 business rules, beyond the basics">
        <Text mb="md">
          Every plan checks the structure of each hit: endpoint, measurement ID, client ID, event and parameter names, value
          lengths and counts. From Starter, 70 advanced rules check what your business depends on:
        </Text>
        <List spacing="xs">
          {RULE_SETS.map((set) => (
            <List.Item key={set.name}>
              <Text span fw={600}>
                {set.name}
              </Text>
              : {countOf(set.count, 'rule')}
            </List.Item>
          ))}
        </List>
        <Text mt="md">
          On Pro and Enterprise you can add <TextLink to="/features/custom-rules">custom rules</TextLink> for your own tracking plan.
        </Text>
      </PageSection>

      <PageSection title="Made for the people who own the data">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Text>
            <TextLink to="/solutions/ecommerce">E-commerce</TextLink>: purchases, revenue and items that add up.
          </Text>
          <Text>
            <TextLink to="/solutions/saas">SaaS</TextLink>: browser and server-side events checked the same way.
          </Text>
          <Text>
            <TextLink to="/solutions/enterprise">Enterprise</TextLink>: consent and governance across many sites and teams.
          </Text>
        </SimpleGrid>
        <Group mt="xl">
          <Button component={Link} to="/pricing" variant="light">
            Compare plans
          </Button>
          <Button component={Link} to="/docs" variant="subtle">
            Read the integration guide
          </Button>
        </Group>
      </PageSection>
    </>
  );
}
