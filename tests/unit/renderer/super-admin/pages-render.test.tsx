import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createSuperAdminRoutes } from '../../../../src/renderer/pages/super-admin/routes';
import { SuperAdminSessionController } from '../../../../src/renderer/pages/super-admin/session/session-controller';
import { SuperAdminSessionProvider } from '../../../../src/renderer/pages/super-admin/session/SuperAdminSessionProvider';
import { fakeFetch, memoryStorage, superAdmin } from './fakes';

async function controllerIn(status: 'loading' | 'signed-out' | 'signed-in', user = superAdmin) {
  const { fetch } = fakeFetch({ login: { body: { sessionToken: 'tok', user } } });
  const controller = new SuperAdminSessionController({ api: { supabaseUrl: 'https://api.test', fetch }, storage: memoryStorage() });
  if (status === 'signed-out') await controller.restore();
  if (status === 'signed-in') await controller.signIn(user.email, 'pw');
  return controller;
}

/** Server-renders a super-admin URL with a session in the given state (no DOM needed). */
async function renderPath(path: string, controller: SuperAdminSessionController): Promise<string> {
  const routes = createSuperAdminRoutes(
    <SuperAdminSessionProvider controller={controller}>
      <Outlet />
    </SuperAdminSessionProvider>,
  );
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected redirect for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('super-admin screens', () => {
  it('shows a spinner, not the admin area, while the session loads', async () => {
    const html = await renderPath('/super-admin/dashboard', await controllerIn('loading'));
    expect(html).toContain('Checking your administrator session');
    expect(html).not.toContain('System Administrator');
  });

  it('shows the sidebar with sections, email, label, sign-out and search to a signed-in super admin', async () => {
    const html = await renderPath('/super-admin/settings', await controllerIn('signed-in'));
    expect(html).toContain('Settings (Coming Soon)');
    for (const label of ['Dashboard', 'Organizations', 'Users', 'Rules', 'Billing', 'System', 'Settings']) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toContain('root@tracklint.test');
    expect(html).toContain('System Administrator');
    expect(html).toContain('Sign Out');
    expect(html).toContain('placeholder="Search users, organizations..."');
  });

  it('renders each console section with one h1', async () => {
    const controller = await controllerIn('signed-in');
    for (const section of ['dashboard', 'organizations', 'users', 'rules', 'billing', 'system', 'profile']) {
      const html = await renderPath(`/super-admin/${section}`, controller);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    }
  });

  it('carries the sidebar search query into the users list search', async () => {
    const html = await renderPath('/super-admin/users?q=ada', await controllerIn('signed-in'));
    expect(html).toMatch(/<input[^>]*value="ada"/);
  });

  it('shows the sign-in form with labelled fields to a signed-out visitor', async () => {
    const html = await renderPath('/super-admin/login', await controllerIn('signed-out'));
    expect(html).toMatch(/<label[^>]*>Email/);
    expect(html).toMatch(/<label[^>]*>Password/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });
});
