import { List, Text } from '@mantine/core';
import { TextLink } from '../components/TextLink';
import { PageHero, PageSection } from '../components/PageSection';

export function PrivacyPage() {
  return (
    <>
      <PageHero
        title="Privacy policy"
        lead="This page explains what data Tracklint processes, why, and the choices you have."
      />
      <PageSection title="Data we process">
        <List spacing="xs">
          <List.Item>
            <Text span fw={600}>Account data</Text>: your name, email address, organization, role and plan, so you can sign in
            and work with your team.
          </List.Item>
          <List.Item>
            <Text span fw={600}>Tracking copies</Text>: the GA4 requests your sites send to Tracklint. They contain whatever your
            tags put in them, such as page URLs, event parameters, client IDs and consent state. We process them only to
            validate, log, chart and alert on them for your organization.
          </List.Item>
          <List.Item>
            <Text span fw={600}>Billing data</Text>: for paid plans, subscription and invoice records.
          </List.Item>
        </List>
      </PageSection>
      <PageSection title="How we use it">
        <List spacing="xs">
          <List.Item>To provide the service you signed up for, and nothing else. We do not sell data.</List.Item>
          <List.Item>Each organization's data is visible only to its members, according to their roles.</List.Item>
          <List.Item>
            GA4 forbids personal data in analytics. When a hit contains something that looks like an email address or phone
            number, Tracklint flags it so you can remove it at the source.
          </List.Item>
        </List>
      </PageSection>
      <PageSection title="Your choices">
        <Text>
          You can stop sending tracking copies at any time by removing the snippet, ask for a copy of your data, or ask us to
          delete your account and organization data. <TextLink to="/contact">Contact us</TextLink> for any privacy question.
        </Text>
      </PageSection>
    </>
  );
}
