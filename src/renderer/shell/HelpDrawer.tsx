import { ActionIcon, Anchor, Code, Drawer, List, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COLLECTOR_PATHS, GUIDE_PLACEHOLDERS, measurementProtocolUrl, trackerSnippet } from '../data/websites/integration-guide';
import { CONTACT_EMAIL } from '../lib/site';

/**
 * The documentation inside /app: signed-in users are redirected away from the public /docs (spec),
 * so the top bar's Help button opens the integration guide in a drawer over the page they are on.
 */
export function HelpButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label="Help and documentation" withArrow>
        <ActionIcon variant="subtle" size="lg" onClick={open} aria-label="Help" aria-haspopup="dialog" data-testid="help-button">
          <IconHelp size={22} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Drawer opened={opened} onClose={close} position="right" size="lg" title="Help and documentation" data-testid="help-drawer">
        <HelpContent onNavigate={close} />
      </Drawer>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function HelpContent({ onNavigate }: { onNavigate: () => void }) {
  const appLink = (to: string, label: string) => (
    <Anchor component={Link} to={to} onClick={onNavigate}>
      {label}
    </Anchor>
  );
  return (
    <Stack gap="lg">
      <Text size="sm">
        Tracklint validates copies of the GA4 requests your site already sends. Your data keeps going to Google unchanged.
      </Text>
      <Section title="1. Install the tracker snippet">
        <Text size="sm">
          Add your website under {appLink('/app/websites/add', 'Add website')}; its page shows the snippet with your site key
          filled in. Put it in the &lt;head&gt; of every page, before your Google tag:
        </Text>
        <Code block tabIndex={0} aria-label="Tracker snippet">
          {trackerSnippet()}
        </Code>
      </Section>
      <Section title="2. Server-side events (Measurement Protocol)">
        <Text size="sm">
          Send the same JSON body you send Google to <Code>{measurementProtocolUrl()}</Code>, with a Tracklint Measurement
          Protocol secret from the website&apos;s page in {appLink('/app/websites', 'Websites')} as <Code>api_secret</Code>. While
          you build it, the debug endpoint <Code>{GUIDE_PLACEHOLDERS.host + COLLECTOR_PATHS.debugMeasurementProtocol}</Code> answers with
          findings and stores nothing.
        </Text>
      </Section>
      <Section title="3. Check that hits arrive">
        <List size="sm" spacing={4}>
          <List.Item>The {appLink('/app/requests', 'requests log')} shows every hit with its decoded events and findings.</List.Item>
          <List.Item>{appLink('/app/alerts', 'Alerts')} tell you when failures start; rules are tuned under {appLink('/app/rules/basic', 'Rules')}.</List.Item>
          <List.Item>To check a single hit without installing anything, paste it into the {appLink('/validation-page', 'validation page')}.</List.Item>
        </List>
      </Section>
      <Section title="What Tracklint checks">
        <List size="sm" spacing={4}>
          <List.Item>All plans: structural rules (endpoint, version, measurement ID, client ID, names, lengths, counts).</List.Item>
          <List.Item>Starter and above: 70 business rules (GDPR 15, e-commerce 20, session and attribution 20, data quality 15).</List.Item>
          <List.Item>Pro and Enterprise: custom rules and API access.</List.Item>
        </List>
      </Section>
      <Section title="Still stuck?">
        <Text size="sm">
          Write to <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor> and tell us what you tried.
        </Text>
      </Section>
    </Stack>
  );
}
