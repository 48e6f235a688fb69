import { beforeEach, describe, expect, it, vi } from 'vitest';

// Counts scrypt derivations: "as slow as a wrong password" means doing the same work, which is
// what this checks (no clocks).
const derivations = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    derivations.count++;
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

const { hashPassword, verifyPassword } = await import('../../../../src/server/auth/password');

describe('password checks cost the same with or without a stored password', () => {
  beforeEach(async () => {
    // Warms the dummy hash so that counting starts from a steady state.
    await verifyPassword('warm-up', '');
    derivations.count = 0;
  });

  it('derives a key once for a wrong password', async () => {
    const stored = await hashPassword('the-right-password', 10);
    derivations.count = 0;
    expect(await verifyPassword('a-wrong-password', stored)).toBe(false);
    expect(derivations.count).toBe(1);
  });

  it('derives a key once for an account without a password, or with an unusable hash', async () => {
    expect(await verifyPassword('a-guess', '')).toBe(false);
    expect(derivations.count).toBe(1);
    expect(await verifyPassword('a-guess', 'not-a-hash')).toBe(false);
    expect(derivations.count).toBe(2);
  });
});
