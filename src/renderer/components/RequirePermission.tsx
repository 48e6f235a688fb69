import type { ReactNode } from 'react';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentOrganization } from '../data/organizations/use-current-organization';
import { permissionsForRole, type RolePermissions } from '../data/organizations/role-permissions';
import { roleLabel } from '../data/team/team-rules';

/** Shows the page only to roles with the permission; everyone else gets a clear "no access" state. */
export function RequirePermission({ permission, title, children }: { permission: keyof RolePermissions; title: string; children: ReactNode }) {
  const { organization } = useCurrentOrganization();
  if (organization && permissionsForRole(organization.user_role)[permission]) return <>{children}</>;
  return <NoAccess title={title} role={organization?.user_role ?? null} />;
}

export function NoAccess({ title, role, message }: { title: string; role: string | null; message?: string }) {
  return (
    <Stack gap="md" maw={640} data-testid="no-access">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="gray" icon={<IconLock aria-hidden />} title="You don't have access to this page">
        {message ??
          `Your role in this organization${role ? ` (${roleLabel(role)})` : ''} does not include this page. Ask an owner or admin if you need access.`}
      </Alert>
      <Button component={Link} to="/app/dashboard" variant="default" w="fit-content">
        Back to dashboard
      </Button>
    </Stack>
  );
}
