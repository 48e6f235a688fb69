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

      <PageSection title="4. Tracking plans: what each website should send (Pro)">
        <Text mb="sm">
          A tracking plan lists the events a website should send, each with its parameters (type string, integer, number or boolean; required or optional; allowed
          values, a pattern, a range or a maximum length), its item parameters and the user properties. In the app, open{' '}
          <Text span fw={600}>
            Tracking plan
          </Text>{' '}
          and choose <Text span fw={600}>Create the plan from traffic</Text>: Tracklint proposes every event and parameter it counted in the last 7 days, with the
          type it saw, required when every hit carried it. Reject or edit what is wrong, then publish. Published versions never change; each new version is
          listed with what changed.
        </Text>
        <Text mb="sm">
          From then on every hit is checked against the published version. A finding names the version and what it says, for example{' '}
          <Code>plan.parameter_type</Code>: <Code>&quot;purchase&quot; sends the parameter &quot;value&quot; as text (&quot;20&quot;), not as a number. (plan v3: number, required)</Code>.
          The kinds are <Code>plan.unplanned_event</Code>, <Code>plan.unplanned_parameter</Code>, <Code>plan.missing_required_parameter</Code>,{' '}
          <Code>plan.parameter_type</Code>, <Code>plan.value_not_allowed</Code>, <Code>plan.deprecated_event</Code> and <Code>plan.unregistered_dimension</Code>; each plan sets
          the severity of each kind (or turns it off).
        </Text>
        <Text mb="sm">
          Plans travel as files: a JSON Schema bundle (draft 2020-12, one schema per event under <Code>events</Code>, plus <Code>user_properties</Code>), a CSV with the
          columns <Code>event, parameter, scope, type, required, allowed values, description</Code> (and optionally <Code>status, owner, triggers</Code>), and GA4&apos;s custom
          dimension and metric list from the Admin API, so parameters sent but not registered in GA4 are named. The Tracking plan page imports and exports each
          of them, and shares one plan with several websites of the organization. To try a plan before publishing it, paste it with a hit into the{' '}
          <TextLink to="/validation-page">validation page</TextLink>: it is checked in your browser, with the same findings the collector gives.
        </Text>
        <Code block aria-label="Tracking plan example" tabIndex={0}>
          {`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "events": {
    "purchase": {
      "type": "object",
      "properties": {
        "transaction_id": { "type": "string" },
        "value": { "type": "number", "minimum": 0 },
        "currency": { "type": "string", "enum": ["EUR", "USD"] }
      },
      "required": ["transaction_id", "value", "currency"],
      "additionalProperties": false
    }
  },
  "user_properties": { "type": "object", "properties": {}, "additionalProperties": false }
}`}
        </Code>
        <Text mt="sm">
          The same file guards a release in CI: <Code>npx tracklint validate --plan plan.json capture.har</Code> exits 3 when a hit breaks the plan, 1 on other
          errors, 2 when a file is unusable, 0 otherwise.
        </Text>
        <Text mt="sm">
          A <Text span fw={600}>Tracking plan drift</Text> alert rule watches the traffic itself, once a minute: a planned event that stops or whose volume falls or
          jumps against the same hour of the same weekday in recent weeks, a new event or parameter, a parameter that vanishes or changes type, and a value set that
          changes. For that, Tracklint keeps the short values of each parameter per hour (up to 20, personal data masked; ids, timestamps and prices are left out as
          high-cardinality), so when <Code>currency</Code> starts arriving as <Code>eur</Code> or <Code>payment_type</Code> as <Code>crypto</Code>, never seen in
          the weeks before, or a usual value stops arriving, the alert names the parameter and the values.
        </Text>
      </PageSection>

      <PageSection title="What Tracklint checks">
        <List spacing="xs">
          <List.Item>All plans: structural rules (endpoint, version, measurement ID, client ID, names, lengths, counts).</List.Item>
          <List.Item>Starter and above: 70 business rules — consent/GDPR 15, e-commerce 20, session and attribution 20, data quality 15.</List.Item>
          <List.Item>Starter and above: the inventory of every event and parameter your traffic sends.</List.Item>
          <List.Item>Pro and Enterprise: custom rules, API access and tracking plans (every hit checked against your plan).</List.Item>
        </List>
      </PageSection>
    </>
  );
}
