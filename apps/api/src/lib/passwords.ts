import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { AuthSettings } from '../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification without a user (unknown username), so the
   * response time does not reveal whether an account exists.
   */
  verifyDummy(password: string): Promise<void>;
  /** True when a stored hash was made with other parameters and should be replaced at the next login. */
  needsRehash(hash: string): boolean;
}

/** argon2id with the configured cost (OWASP defaults in DEFAULT_AUTH_SETTINGS). */
export function createPasswordHasher(params: AuthSettings['argon2']): PasswordHasher {
  const options: argon2.HashOptions = { type: argon2.argon2id, ...params };
  let dummyHash: Promise<string> | null = null;
  const hash = (password: string) => argon2.hash(password, options);
  const verify = async (stored: string, password: string) => {
    try {
      return await argon2.verify(stored, password);
    } catch {
      // A malformed stored hash never authenticates.
      return false;
    }
  };
  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummyHash ??= hash(randomBytes(24).toString('base64url'));
      await verify(await dummyHash, password);
    },
    needsRehash: (stored) => {
      try {
        return argon2.needsRehash(stored, options);
      } catch {
        return true;
      }
    },
  };
}

/** A strong random password (24 characters, ~143 bits) for generated credentials. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
