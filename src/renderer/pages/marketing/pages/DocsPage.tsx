import { Alert, Code, List, Text } from '@mantine/core';
import { TextLink } from '../components/TextLink';
import { PageHero, PageSection } from '../components/PageSection';
import {
  COLLECTOR_PATHS,
  GUIDE_PLACEHOLDERS,
  measurementProtocolExample,
  measurementProtocolUrl,
  trackerSnippet,
} from '../../../data/websites/integration-guide';

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
            Copy the site key shown for that website. Below, replace <Code>{GUIDE_PLACEHOLDERS.siteKey}</Code> with it and{' '}
            <Code>{GUIDE_PLACEHOLDERS.host}</Code> with your Tracklint address.
          </List.Item>
        </List>
      </PageSection>

      <PageSection title="1. Install the tracker snippet (websites using gtag.js or Google Tag Manager)">
        <Text mb="sm">
          Add this tag to every page, in the &lt;head&gt; before your Google tag (not async, so it is ready before the first hit). It sends Tracklint a copy of each GA4 request the page makes
          to <Code>/g/collect</Code>, including batched events and consent parameters.
        </Text>
        <Code block aria-label="Tracker snippet" tabIndex={0}>
          {trackerSnippet()}
        </Code>
        <Text mt="sm" fz="sm" c="dimmed">
          The snippet batches the copies and posts them to <Code>{GUIDE_PLACEHOLDERS.host + COLLECTOR_PATHS.trackerBatches}</Code>.
          It never changes or delays what Google receives. With server-side tagging, you can instead send each gtag request to{' '}
          <Code>{`${GUIDE_PLACEHOLDERS.host}${COLLECTOR_PATHS.gtagDirect}?site=${GUIDE_PLACEHOLDERS.siteKey}`}</Code>.
        </Text>
      </PageSection>

      <PageSection title="2. Point the Measurement Protocol at Tracklint (server-side events)">
        <Text mb="sm">
          If your servers send events with the GA4 Measurement Protocol, send the same JSON body to Tracklint as well, right
          after the call to Google: same path, Tracklint's host, and a Tracklint Measurement Protocol secret in the{' '}
          <Code>api_secret</Code> parameter. Create one on the website&apos;s page in the app (or use an organization API key).
          The public site key is not accepted here: anyone can read it in your pages.
        </Text>
        <Code block aria-label="Measurement Protocol example" tabIndex={0}>
          {measurementProtocolExample()}
        </Code>
        <Alert mt="md" color="yellow" title="Keep your Google api_secret private">
          Tracklint does not need your Google <Code>api_secret</Code>: send Tracklint&apos;s own secret instead. It is shown
          once when you create it, stored hashed, and you can revoke it at any time.
        </Alert>
        <Text mt="md">
          While you build the integration, post the same body to{' '}
          <Code>{measurementProtocolUrl(undefined, undefined, undefined, COLLECTOR_PATHS.debugMeasurementProtocol)}</Code>: it
          answers like Google&apos;s validation server, with Tracklint&apos;s findings added, and stores nothing.
        </Text>
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
        <List spacing="xs">
          <List.Item>All plans: structural rules (endpoint, version, measurement ID, client ID, names, lengths, counts).</List.Item>
          <List.Item>Starter and above: 70 business rules — consent/GDPR 15, e-commerce 20, session and attribution 20, data quality 15.</List.Item>
          <List.Item>Pro and Enterprise: custom rules and API access.</List.Item>
        </List>
      </PageSection>
    </>
  );
}
