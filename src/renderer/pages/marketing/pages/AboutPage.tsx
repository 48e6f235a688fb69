import { List, Text } from '@mantine/core';
import { TextLink } from '../components/TextLink';
import { PageHero, PageSection } from '../components/PageSection';

export function AboutPage() {
  return (
    <>
      <PageHero
        title="About Tracklint"
        lead="Tracklint exists because analytics data breaks quietly. A renamed event, a consent banner update or a new checkout theme can corrupt GA4 data for weeks before anyone notices."
      />
      <PageSection title="What we do">
        <Text mb="md">
          Tracklint is a multi-tenant service that keeps Google Analytics 4 tracking correct. Your sites send it a copy of
          their GA4 requests; it decodes every hit, validates it against structural rules, 70 business rules and your own
          custom rules, logs it, charts it and raises alerts when something fails.
        </Text>
        <Text>
          Teams work inside organizations that own websites, with owner, admin, member and viewer roles, on a plan that
          fits their size: <TextLink to="/pricing">Free, Starter, Pro or Enterprise</TextLink>.
        </Text>
      </PageSection>
      <PageSection title="How we work">
        <List spacing="xs">
          <List.Item>Rules are explicit: each one says what it checks and why, so a failure is something you can act on.</List.Item>
          <List.Item>We validate; we do not replace Google Analytics. Your data keeps flowing to Google as before.</List.Item>
          <List.Item>Personal data does not belong in analytics. Our data-quality rules flag it instead of storing it quietly.</List.Item>
        </List>
        <Text mt="md">
          Questions? <TextLink to="/contact">Get in touch</TextLink>.
        </Text>
      </PageSection>
    </>
  );
}
