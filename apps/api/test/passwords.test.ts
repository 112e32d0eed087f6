import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_SETTINGS } from '../src/config';
import { createPasswordHasher, generatePassword } from '../src/lib/passwords';
import { FAST_ARGON2 } from './helpers/app';

describe('password hashing', () => {
  it('uses the OWASP argon2id parameters in production (m=19456 KiB, t=2, p=1)', async () => {
    expect(DEFAULT_AUTH_SETTINGS.argon2).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hasher = createPasswordHasher(DEFAULT_AUTH_SETTINGS.argon2);
    const hash = await hasher.hash('Correcto-Caballo-Bateria');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'Correcto-Caballo-Bateria')).toBe(true);
    expect(await hasher.verify(hash, 'correcto-caballo-bateria')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('asks to rehash a hash made with other parameters', async () => {
    const weak = await createPasswordHasher(FAST_ARGON2).hash('x-y-z-1-2-3');
    expect(createPasswordHasher(DEFAULT_AUTH_SETTINGS.argon2).needsRehash(weak)).toBe(true);
  });

  it('never authenticates with a malformed stored hash', async () => {
    expect(await createPasswordHasher(FAST_ARGON2).verify('no-es-un-hash', 'x')).toBe(false);
  });

  it('generates strong distinct passwords', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(a);
  });
});
