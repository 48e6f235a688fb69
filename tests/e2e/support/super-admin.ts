import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';

export const ADMIN_PASSWORD = 'operator-password-e2e-41';

/**
 * A new super admin (no MFA) made with the operator CLI against the e2e server's own embedded
 * database (npm run create-super-admin); returns its email.
 */
export function createSuperAdmin(label: string): string {
  const email = `e2e-${label}-operator-${Date.now().toString(36)}@example.com`;
  execFileSync(process.execPath, ['scripts/create-super-admin.mjs', email, ADMIN_PASSWORD], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'error' },
    stdio: 'pipe',
  });
  return email;
}

/**
 * Email and password on /super-admin/login. An account without MFA lands on the console's
 * dashboard; one with MFA is asked for a code (callers assert whichever they expect).
 */
export async function signInSuperAdmin(page: Page, email: string) {
  await page.goto('/super-admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
}
