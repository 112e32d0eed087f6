import type { AuthSettings } from '../../src/config';

/** The administrator's password in every seeded test database. */
export const ADMIN_PASSWORD = 'Pruebas-Admin-2026';

/** Cheap argon2id so the suite stays fast; production parameters are asserted in passwords.test.ts. */
export const FAST_ARGON2: AuthSettings['argon2'] = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
