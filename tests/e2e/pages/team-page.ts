import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './select';

/** /app/team: members, invitations and the invite form. */
export class TeamPage {
  readonly members: Locator;
  readonly pendingInvitations: Locator;

  constructor(private readonly page: Page) {
    this.members = page.getByRole('table', { name: 'Team members' });
    this.pendingInvitations = page.getByRole('table', { name: 'Pending invitations' });
  }

  async goto() {
    await this.page.goto('/app/team');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  }

  async invite(email: string, role: 'Admin' | 'Member' | 'Viewer') {
    const form = this.page.getByRole('form', { name: 'Invite a team member' });
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await chooseOption(this.page, 'Role', role, form);
    await form.getByRole('button', { name: 'Send invitation' }).click();
  }

  memberRow(email: string): Locator {
    return this.members.getByRole('row').filter({ hasText: email });
  }

  async changeRole(memberName: string, role: 'Owner' | 'Admin' | 'Member' | 'Viewer') {
    await chooseOption(this.page, `Role for ${memberName}`, role, this.members);
  }
}
