import { expect, test } from '@playwright/test';
import { AppShell, toast } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { OrganizationPage } from './pages/organization-page';
import { TeamPage } from './pages/team-page';
import { signUpAndConfirm } from './support/flows';
import { Mailbox } from './support/mailbox';
import { newAccount } from './support/test-data';

test('an owner invites a teammate who signs up from the link and joins as member; made a viewer, they lose Analytics', async ({
  page,
  browser,
}) => {
  // The owner, on a plan with room for more members.
  const owner = await signUpAndConfirm(page, 'teamowner', 'pro');
  const ownerShell = new AppShell(page);
  await expect(ownerShell.planBadge).toHaveText('PRO');
  const team = new TeamPage(page);
  await team.goto();
  await expect(page.getByTestId('team-limit')).toHaveText('Team members: 1, no limit on your plan.');

  const invitee = { ...newAccount('invitee'), fullName: 'Ivy Invitee' };
  await team.invite(invitee.email, 'Member');
  await expect(toast(page, 'User invited')).toBeVisible();
  await expect(team.pendingInvitations.getByRole('row').filter({ hasText: invitee.email })).toContainText('Member');

  // The invitee opens the emailed link in their own browser and signs up without organization fields.
  const mailbox = new Mailbox(page.request);
  const invitationLink = await mailbox.invitationLinkFor(invitee.email);
  const inviteeContext = await browser.newContext();
  try {
    const signupTab = await inviteeContext.newPage();
    await signupTab.goto(invitationLink);
    // The landing page names the organization and the role (issue 23, defect 8).
    await expect(signupTab.getByRole('heading', { name: `Join ${owner.organizationName}` })).toBeVisible();
    await expect(signupTab.getByTestId('invitation-notice')).toContainText(`invited you to join ${owner.organizationName} as a member.`);
    await expect(signupTab.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(invitee.email);
    await expect(signupTab.getByRole('textbox', { name: 'Organization name' })).toHaveCount(0);
    await expect(signupTab.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /^\/login\?invitation=/);
    await signupTab.getByRole('textbox', { name: 'Password', exact: true }).fill(invitee.password);
    await signupTab.getByRole('textbox', { name: 'Full name', exact: true }).fill(invitee.fullName);
    await signupTab.getByRole('button', { name: 'Create account and join' }).click();
    await expect(toast(signupTab, 'Account created!')).toBeVisible();

    // Confirmed from the mail client (no browser session), then a sign-in in a fresh tab: the
    // invitation comes from the account's metadata, not from this tab's storage.
    const confirm = await signupTab.request.get(await mailbox.verificationLinkFor(invitee.email), { maxRedirects: 0 });
    expect(confirm.status()).toBeLessThan(400);
    const appTab = await inviteeContext.newPage();
    const login = new LoginPage(appTab);
    await login.goto();
    await login.signIn(invitee.email, invitee.password);
    await expect(toast(appTab, 'Invitation accepted')).toBeVisible();
    // The sign-up tab, still open with the invitation, shares the session once it (re)loads: it
    // joins the organization too instead of accepting a second time and failing. (Reloaded rather
    // than waiting for the cross-tab broadcast, whose timing is not the behaviour under test.)
    await signupTab.reload();
    await expect(new AppShell(signupTab).avatar).toHaveText('AA');
    await expect(signupTab.getByTestId('toast').filter({ hasText: 'Failed to accept invitation' })).toHaveCount(0);
    const inviteeShell = new AppShell(appTab);
    await inviteeShell.expectPage('Dashboard');
    await expect(inviteeShell.avatar).toHaveText('AA');
    await expect(inviteeShell.planBadge).toHaveText('PRO');
    await expect(inviteeShell.navigation.getByRole('link', { name: 'Analytics' })).toBeVisible();
    const organization = new OrganizationPage(appTab);
    await organization.goto();
    await expect(appTab.getByTestId('organization-role')).toHaveText('Member');
    await expect(appTab.getByTestId('organization-read-only')).toBeVisible();
    // Members do not manage the team or billing.
    await appTab.goto('/app/team');
    await expect(appTab.getByTestId('team-read-only')).toBeVisible();
    await appTab.goto('/app/billing');
    await expect(appTab.getByTestId('no-access')).toBeVisible();

    // The owner sees the new member and makes them a viewer.
    await team.goto();
    await expect(team.memberRow(invitee.email)).toBeVisible();
    await expect(team.pendingInvitations).toHaveCount(0);
    await team.changeRole(invitee.fullName, 'Viewer');
    await expect(toast(page, 'Role updated')).toBeVisible();

    // After a reload the viewer has no Analytics link, and the page itself says no access.
    await appTab.goto('/app/dashboard');
    await appTab.reload();
    await inviteeShell.expectPage('Dashboard');
    await expect(inviteeShell.navigation.getByRole('link', { name: 'Requests' })).toBeVisible();
    await expect(inviteeShell.navigation.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
    await appTab.goto('/app/analytics');
    await expect(appTab.getByTestId('no-access')).toContainText('Viewer');

    // The owner removes the viewer; the viewer is left without an organization.
    await team.memberRow(invitee.email).getByRole('button', { name: `Remove ${invitee.fullName}` }).click();
    await page.getByRole('dialog', { name: 'Remove team member' }).getByRole('button', { name: 'Remove member' }).click();
    await expect(toast(page, 'User removed')).toBeVisible();
    await expect(team.memberRow(invitee.email)).toHaveCount(0);
    await appTab.reload();
    await expect(appTab.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  } finally {
    await inviteeContext.close();
  }
});

test('a used invitation link is refused with the server message', async ({ page, browser }) => {
  await signUpAndConfirm(page, 'reuseowner', 'starter');
  const team = new TeamPage(page);
  await team.goto();
  const invitee = newAccount('reused');
  await team.invite(invitee.email, 'Viewer');
  await expect(toast(page, 'User invited')).toBeVisible();
  const link = await new Mailbox(page.request).invitationLinkFor(invitee.email);

  // Someone else, signed in, opens the link: the invitation is for a different address.
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signUpAndConfirm(other, 'bystander');
    await other.goto(link);
    await expect(toast(other, 'Failed to accept invitation')).toContainText('This invitation was sent to a different email address');
    await new AppShell(other).expectPage('Dashboard');
  } finally {
    await otherContext.close();
  }
});
