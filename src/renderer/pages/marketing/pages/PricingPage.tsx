import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHero, PageSection } from '../components/PageSection';
import { TextLink } from '../components/TextLink';
import {
  COMING_FEATURE_LABELS,
  FEATURE_LABELS,
  PLANS,
  featuresIntroducedBy,
  findPlan,
  planLimits,
  planPriceLabel,
  previousPlan,
  signupHref,
  type MarketingPlan,
} from '../data/plans';

function PlanCard({ plan }: { plan: MarketingPlan }) {
  const lower = previousPlan(plan.id);
  const lowerName = lower ? findPlan(lower)?.name : undefined;
  const bullets = featuresIntroducedBy(plan.id).map((feature) => FEATURE_LABELS[feature]);
  const headingId = `plan-${plan.id}`;

  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={headingId}
      style={plan.highlighted ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={2} fz="xl" id={headingId}>
            {plan.name}
          </Title>
          {plan.highlighted && <Badge>Recommended</Badge>}
        </Group>
        <Text>
          <Text span fz={32} fw={700}>
            {planPriceLabel(plan)}
          </Text>
          <Text span c="dimmed">
            {' '}
            / month
          </Text>
        </Text>
        <Text c="dimmed" fz="sm">
          {plan.summary}
        </Text>
        {lowerName && bullets.length > 0 && (
          <Text fz="sm" fw={600}>
            Everything in {lowerName}, plus:
          </Text>
        )}
        {bullets.length > 0 && (
          <List spacing={6} fz="sm" icon={<IconCheck size={16} aria-hidden="true" />}>
            {bullets.map((bullet) => (
              <List.Item key={bullet}>{bullet}</List.Item>
            ))}
          </List>
        )}
        <List spacing={4} fz="sm" c="dimmed" style={{ flex: 1 }} aria-label={`${plan.name} plan limits`} data-testid={`pricing-limits-${plan.id}`}>
          {planLimits(plan.id).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Button component={Link} to={plan.id === 'enterprise' ? '/contact' : signupHref(plan.id)} variant={plan.highlighted ? 'filled' : 'light'} fullWidth
          aria-label={`${plan.ctaLabel}: ${plan.name} plan`}>
          {plan.ctaLabel}
        </Button>
      </Stack>
    </Card>
  );
}

export function PricingPage() {
  return (
    <>
      <PageHero
        title="Pricing"
        lead="Start free with structural validation for one site. Upgrade when you need business rules, more websites, a team or your own rules."
      />
      <PageSection size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </SimpleGrid>
        <Text fz="sm" mt="lg" data-testid="pricing-coming">
          {`Coming, not in any plan yet: ${COMING_FEATURE_LABELS.join(', ')}.`}
        </Text>
        <Text fz="sm" c="dimmed" mt="sm">
          Prices are in US dollars, billed monthly. Paid plans start with a 14-day trial. Questions about Enterprise?{' '}
          <TextLink to="/contact">Contact us</TextLink>.
        </Text>
      </PageSection>
    </>
  );
}
