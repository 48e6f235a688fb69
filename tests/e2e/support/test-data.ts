import { randomBytes } from 'node:crypto';

/** A fresh user and organization for one test, so tests never share data. */
export function newAccount(label: string, plan: 'free' | 'starter' | 'pro' = 'free') {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    email: `e2e-${label}-${id}@example.com`,
    password: `Correct-Horse-${id}`,
    fullName: 'Erin Tester',
    organizationName: 'Acme Analytics',
    organizationSlug: `acme-analytics-${id}`,
    initials: 'AA',
    plan,
  };
}

export type TestAccount = ReturnType<typeof newAccount>;
