import { List, Text } from '@mantine/core';
import { TextLink } from '../components/TextLink';
import { PageHero, PageSection } from '../components/PageSection';

export function TermsPage() {
  return (
    <>
      <PageHero title="Terms of service" lead="The rules for using Tracklint, in plain language." />
      <PageSection title="The service">
        <Text>
          Tracklint receives copies of your sites' GA4 requests, validates them, logs them, charts them and raises alerts.
          Validation results are guidance about your tracking; they do not change the data Google Analytics receives.
        </Text>
      </PageSection>
      <PageSection title="Your account">
        <List spacing="xs">
          <List.Item>You are responsible for the people you invite to your organization and the roles you give them.</List.Item>
          <List.Item>Send only tracking data you are allowed to process, from websites you control or manage.</List.Item>
          <List.Item>Keep your password and API keys secret, and tell us if you suspect misuse.</List.Item>
        </List>
      </PageSection>
      <PageSection title="Plans and billing">
        <List spacing="xs">
          <List.Item>The Free plan costs nothing. Paid plans are billed monthly in US dollars, after a 14-day trial.</List.Item>
          <List.Item>Each plan has usage limits shown in the app; you are warned as you approach them.</List.Item>
          <List.Item>You can change or cancel your plan from the billing page.</List.Item>
        </List>
        <Text mt="md">
          See <TextLink to="/pricing">pricing</TextLink> and our <TextLink to="/privacy">privacy policy</TextLink>. Questions?{' '}
          <TextLink to="/contact">Contact us</TextLink>.
        </Text>
      </PageSection>
    </>
  );
}
