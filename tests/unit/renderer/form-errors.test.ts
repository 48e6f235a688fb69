import { describe, expect, it } from 'vitest';
import { passwordFieldMessage } from '../../../src/renderer/components/fields/form-errors';

describe('where a refused submission is explained', () => {
  it("puts the server's password reasons under the password field", () => {
    expect(passwordFieldMessage('Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, 0123456789')).toMatch(/^Password/);
    expect(passwordFieldMessage('Password is known to be weak and easy to guess, please choose a different one.')).toBeDefined();
  });

  it('leaves other failures to the toast', () => {
    expect(passwordFieldMessage('User already registered')).toBeUndefined();
    expect(passwordFieldMessage(undefined)).toBeUndefined();
  });
});
