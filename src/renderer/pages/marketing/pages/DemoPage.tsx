import { Button, List, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageHero, PageSection } from '../components/PageSection';
import { TextLink } from '../components/TextLink';

export function DemoPage() {
  return (
    <>
      <PageHero
        title="Try Tracklint's validation"
        documentTitle="Demo"
        lead="The validation page shows what Tracklint does with a single GA4 request, without an account."
        actions={
          <Button component={Link} to="/validation-page" size="md">
            Open the validation page
          </Button>
        }
      />
      <PageSection title="What you will see">
        <List spacing="xs">
          <List.Item>Paste a GA4 request: a gtag /g/collect URL with its body, or a Measurement Protocol JSON payload.</List.Item>
          <List.Item>Tracklint decodes it into events, parameters, user properties, items and consent state.</List.Item>
          <List.Item>Each rule that passes or fails is listed with its severity and the reason.</List.Item>
        </List>
        <Text mt="md">
          In the app, the same validation runs on every hit your sites send, with a request log, charts and alerts.{' '}
          <TextLink to="/signup">Start free</TextLink> to connect a site.
        </Text>
      </PageSection>
    </>
  );
}
