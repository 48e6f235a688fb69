import { Anchor, Box, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FOOTER_GROUPS } from '../../lib/site';

export function MarketingFooter() {
  return (
    <Box component="footer" py="xl" mt="xl" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          {FOOTER_GROUPS.map((group) => (
            <Stack key={group.title} gap={6} component="nav" aria-label={group.title}>
              <Text fw={600} fz="sm">
                {group.title}
              </Text>
              {group.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} fz="sm" c="dimmed" underline="hover">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text fz="xs" c="dimmed" mt="xl">
          Tracklint keeps Google Analytics 4 tracking correct. Google Analytics is a trademark of Google LLC; Tracklint is not
          affiliated with Google.
        </Text>
      </Container>
    </Box>
  );
}
