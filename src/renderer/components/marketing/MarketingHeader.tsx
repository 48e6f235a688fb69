import { Anchor, Box, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router-dom';
import { HEADER_LINKS } from '../../lib/site';

export function MarketingHeader() {
  const [menuOpen, menu] = useDisclosure(false);

  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit" fw={700} fz="lg" aria-label="Tracklint home">
            <Group gap={6} wrap="nowrap">
              <IconChecklist size={24} aria-hidden="true" />
              <span>Tracklint</span>
            </Group>
          </Anchor>

          <Group component="nav" aria-label="Main" gap="md" visibleFrom="md">
            {HEADER_LINKS.map((link) => (
              <Anchor key={link.to} component={NavLink} to={link.to} c="dimmed" fz="sm" underline="hover">
                {link.label}
              </Anchor>
            ))}
          </Group>

          <Group gap="xs" wrap="nowrap" visibleFrom="sm">
            <Button component={Link} to="/login" variant="subtle">
              Sign in
            </Button>
            <Button component={Link} to="/signup">
              Start free
            </Button>
          </Group>

          <Burger opened={menuOpen} onClick={menu.toggle} hiddenFrom="md" aria-label="Open menu" />
        </Group>
      </Container>

      <Drawer opened={menuOpen} onClose={menu.close} title="Tracklint" hiddenFrom="md" position="right">
        <Stack component="nav" aria-label="Main (mobile)" gap="sm">
          {HEADER_LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} onClick={menu.close} underline="hover">
              {link.label}
            </Anchor>
          ))}
          <Button component={Link} to="/login" variant="default" onClick={menu.close}>
            Sign in
          </Button>
          <Button component={Link} to="/signup" onClick={menu.close}>
            Start free
          </Button>
        </Stack>
      </Drawer>
    </Box>
  );
}
