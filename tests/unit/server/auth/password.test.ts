import { describe, expect, it } from 'vitest';
import { hashPassword, isPasswordHash, verifyPassword } from '../../../../src/server/auth/password';

// A low cost keeps the suite fast; the format and comparison are the same at any cost.
const LOW_COST = 10;

describe('password hashing', () => {
  it('accepts the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('correct horse battery', LOW_COST);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('never stores the password and salts every hash differently', async () => {
    const a = await hashPassword('same password', LOW_COST);
    const b = await hashPassword('same password', LOW_COST);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same password');
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('writes a self-describing format so the cost can change later', async () => {
    const stored = await hashPassword('pw-12345678', LOW_COST);
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(isPasswordHash(stored)).toBe(true);
    // A hash made at another cost still verifies, because the cost is read from the string.
    const stronger = await hashPassword('pw-12345678', 12);
    expect(await verifyPassword('pw-12345678', stronger)).toBe(true);
  });

  it('treats an empty or foreign stored value as no password at all', async () => {
    expect(await verifyPassword('anything', '')).toBe(false);
    expect(await verifyPassword('anything', '$2a$10$abcdefghijklmnopqrstuv')).toBe(false);
    expect(isPasswordHash('')).toBe(false);
  });

  it('refuses a stored hash whose cost is absurd instead of burning memory', async () => {
    const stored = await hashPassword('pw-12345678', LOW_COST);
    expect(await verifyPassword('pw-12345678', stored.replace('ln=10', 'ln=30'))).toBe(false);
  });

  it('compares after Unicode normalization, so the same password typed differently matches', async () => {
    const stored = await hashPassword('caf\u00e9-password', LOW_COST);
    expect(await verifyPassword('cafe\u0301-password', stored)).toBe(true);
  });
});
