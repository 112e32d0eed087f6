import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { recordAudit } from '../../lib/audit';
import { generatePassword, type PasswordHasher } from '../../lib/passwords';
import { seedDemoData } from './demo';
import { ADMIN_ROLE_NAME, ADMIN_USERNAME, ALL_GRANTS, seedAdminUser, seedModules, seedRole, seedStatuses, seedWageParameters } from './system';

/** Transaction-level advisory lock: two processes starting together seed one after the other. */
const SEED_LOCK_KEY = 4_710_002;

export interface SeedOptions {
  /** GOC_ADMIN_PASSWORD; when absent a strong password is generated. */
  adminPassword?: string | undefined;
  demoData: boolean;
  passwords: PasswordHasher;
}

export interface SeedResult {
  adminCreated: boolean;
  /** Set only when the admin was created just now with a generated password: show it once, never store it. */
  generatedAdminPassword: string | null;
  demoLoaded: boolean;
}

/**
 * Idempotent first-start seed, in one transaction: the permission modules, the Administrador role
 * with every flag, the `admin` user (only into an empty users table), the status rows and, when
 * asked, the demo data (only into an empty database).
 */
export async function seedDatabase(database: Database, options: SeedOptions): Promise<SeedResult> {
  const generated = options.adminPassword ? null : generatePassword();
  const passwordHash = await options.passwords.hash(options.adminPassword ?? generated ?? '');
  // Demo users get a password nobody is told: an administrator sets one from Usuarios to try them.
  const demoUserHash = options.demoData ? await options.passwords.hash(generatePassword()) : '';
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const modules = await seedModules(tx);
    const adminRoleId = await seedRole(tx, modules, ADMIN_ROLE_NAME, 'Acceso total a todos los módulos', ALL_GRANTS);
    await seedStatuses(tx);
    await seedWageParameters(tx);
    const adminCreated = await seedAdminUser(tx, adminRoleId, passwordHash);
    const demoLoaded = options.demoData ? await seedDemoData(tx, modules, demoUserHash) : false;
    if (adminCreated || demoLoaded) {
      await recordAudit(tx, {
        userId: null,
        action: 'seed',
        entity: 'system',
        metadata: { adminUser: adminCreated ? ADMIN_USERNAME : null, demoData: demoLoaded },
      });
    }
    return { adminCreated, generatedAdminPassword: adminCreated ? generated : null, demoLoaded };
  });
}
