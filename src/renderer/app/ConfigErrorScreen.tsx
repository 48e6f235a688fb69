import { Alert, Button, Center, Code, Stack, Text, Title } from '@mantine/core';

/** Full-page error when the runtime configuration cannot be loaded; nothing else can work without it. */
export function ConfigErrorScreen({ message, configUrl }: { message: string; configUrl: string }) {
  return (
    <Center mih="100vh" p="md">
      <Stack component="main" maw={560} role="alert">
        <Title order={1} size="h2">
          Tracklint cannot start
        </Title>
        <Text>
          The app could not load its configuration from <Code>{configUrl}</Code>, so it cannot reach the Tracklint server.
        </Text>
        <Alert color="red" title="Details">
          {message}
        </Alert>
        <Text size="sm" c="dimmed">
          Check that the server is running and reachable, then try again.
        </Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
