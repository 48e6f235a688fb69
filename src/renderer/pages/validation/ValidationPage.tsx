import { Container } from '@mantine/core';
import { PlaceholderPage } from '../app/PlaceholderPage';

export function ValidationPage() {
  return (
    <Container component="main" id="main-content" py="xl">
      <PlaceholderPage title="GA4 validation" description="Check a GA4 tracking request against Tracklint's validation rules." />
    </Container>
  );
}
