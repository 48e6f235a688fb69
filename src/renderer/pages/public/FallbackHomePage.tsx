import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Home page used only while the marketing routes provide none, so "/" never redirects to itself. */
export function FallbackHomePage() {
  return (
    <Container component="main" id="main-content" py={80}>
      <Stack>
        <Title order={1}>Tracklint</Title>
        <Text size="lg">Validate every GA4 tracking request your websites send.</Text>
        <Group>
          <Button component={Link} to="/signup">
            Get started
          </Button>
          <Button component={Link} to="/login" variant="default">
            Sign in
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
