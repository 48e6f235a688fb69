import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';

export const ADMIN_PASSWORD = 'operator-password-e2e-41';

/** The operator CLI against the e2e server's own embedded database (npm run create-super-admin). */
export function createSuperAdmin(email: string) {
  execFileSync(process.execPath, ['scripts/create-super-admin.mjs', email, ADMIN_PASSWORD], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'error' },
    stdio: 'pipe',
  });
}

/** Email and password on /super-admin/login (an account without MFA lands on the dashboard). */
export async function signInSuperAdmin(page: Page, email: string) {
  await page.goto('/super-admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
}
