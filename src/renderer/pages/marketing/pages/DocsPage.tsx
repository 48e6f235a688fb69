import { Alert, Badge, Code, List, Text, Title } from '@mantine/core';
import { TextLink } from '../components/TextLink';
import { PageHero, PageSection } from '../components/PageSection';
import { COLLECTOR_PATHS, GUIDE_PLACEHOLDERS, measurementProtocolExample, trackerSnippet } from '../data/integration-guide';

export function DocsPage() {
  return (
    <>
      <PageHero
        eyebrow="Integration guide"
        documentTitle="Integration guide"
        title="Docs: connect your site to Tracklint"
        lead="Tracklint validates copies of the GA4 requests your site already sends. Your data keeps going to Google unchanged; Tracklint receives a copy."
      />

      <PageSection title="Before you start">
        <List spacing="xs">
          <List.Item>
            Sign up, then add your website under <Text span fw={600}>Websites → Add website</Text> in the app.
          </List.Item>
          <List.Item>
            Copy the website key shown for that website. Below, replace <Code>{GUIDE_PLACEHOLDERS.websiteKey}</Code> with it
            and <Code>{GUIDE_PLACEHOLDERS.host}</Code> with your Tracklint address.
          </List.Item>
        </List>
      </PageSection>

      <PageSection title="1. Install the tracker snippet (websites using gtag.js or Google Tag Manager)">
        <Text mb="sm">
          Add this tag to every page, next to your Google tag. It sends Tracklint a copy of each GA4 request the page makes
          to <Code>/g/collect</Code>, including batched events and consent parameters.
        </Text>
        <Code block aria-label="Tracker snippet">
          {trackerSnippet()}
        </Code>
        <Text mt="sm" fz="sm" c="dimmed">
          The copies go to <Code>{GUIDE_PLACEHOLDERS.host + COLLECTOR_PATHS.gtagCopy}</Code>. The snippet does not change
          what Google receives.
        </Text>
      </PageSection>

      <PageSection title="2. Point the Measurement Protocol at Tracklint (server-side events)">
        <Text mb="sm">
          If your servers send events with the GA4 Measurement Protocol, send the same JSON body to Tracklint as well, right
          after the call to Google. Identify the website with the <Code>X-Tracklint-Key</Code> header.
        </Text>
        <Code block aria-label="Measurement Protocol example">
          {measurementProtocolExample()}
        </Code>
        <Alert mt="md" color="yellow" title="Keep your api_secret private">
          Do not send your Google <Code>api_secret</Code> to Tracklint: the website key identifies your site.
        </Alert>
      </PageSection>

      <PageSection title="3. Check that hits arrive">
        <List spacing="xs">
          <List.Item>Open the requests log in the app: each hit appears with its decoded events and validation results.</List.Item>
          <List.Item>Failed rules show which parameter is wrong and why. Alerts fire when failures start.</List.Item>
          <List.Item>
            To try validation without installing anything, paste a hit into the <TextLink to="/validation-page">validation page</TextLink>.
          </List.Item>
        </List>
      </PageSection>

      <PageSection title="What Tracklint checks">
        <Title order={3} fz="md" mb={6}>
          Rules by plan <Badge variant="light">Summary</Badge>
        </Title>
        <List spacing="xs">
          <List.Item>All plans: structural rules (endpoint, version, measurement ID, client ID, names, lengths, counts).</List.Item>
          <List.Item>Starter and above: 70 business rules — consent/GDPR 15, e-commerce 20, session and attribution 20, data quality 15.</List.Item>
          <List.Item>Pro and Enterprise: custom rules and API access.</List.Item>
        </List>
      </PageSection>
    </>
  );
}
