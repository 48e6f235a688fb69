/**
 * What the renderer may ask the keychain to hold. supabase-js names its entries after its
 * storage key (`sb-<first label of the Supabase host>-auth-token`), plus the `-code-verifier`
 * (PKCE) and `-user` companions; nothing else belongs in the OS keychain, so anything else is
 * refused before it reaches keytar.
 */
export const AUTH_STORAGE_KEY_PATTERN = /^sb-[A-Za-z0-9_-]{1,64}-auth-token(?:-code-verifier|-user)?$/;

/** A session is a few KB of JSON; 64 KiB leaves room for large user metadata yet bounds abuse. */
export const MAX_AUTH_VALUE_LENGTH = 64 * 1024;

export class InvalidAuthStorageInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAuthStorageInput';
  }
}

export function assertAuthStorageKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') throw new InvalidAuthStorageInput('Auth storage key must be a string.');
  if (!AUTH_STORAGE_KEY_PATTERN.test(key)) {
    throw new InvalidAuthStorageInput('Auth storage key is not a Supabase auth key (expected sb-<project>-auth-token).');
  }
}

export function assertAuthStorageValue(value: unknown): asserts value is string {
  if (typeof value !== 'string') throw new InvalidAuthStorageInput('Auth storage value must be a string.');
  if (value.length === 0) throw new InvalidAuthStorageInput('Auth storage value must not be empty.');
  if (value.length > MAX_AUTH_VALUE_LENGTH) {
    throw new InvalidAuthStorageInput(`Auth storage value is longer than ${MAX_AUTH_VALUE_LENGTH} characters.`);
  }
}
