import { z } from 'zod';

/** One backup file of the whole database (POST/GET /admin/backups). */
export const backupSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({ items: z.array(backupSchema) });

/** goc-2026-11-24T08-00-00-000Z.pglite.tar.gz (embedded) or .pgdump (PostgreSQL custom format). */
export const BACKUP_FILE_PATTERN = /^goc-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.(pglite\.tar\.gz|pgdump)$/;

export const BACKUP_MESSAGES = {
  notFound: 'No se encontró la copia de seguridad',
  busy: 'Ya se está haciendo una copia de seguridad; inténtalo en unos segundos',
  noPgDump: 'pg_dump no está instalado: haz la copia con pg_dump como indica la documentación',
} as const;

/** GET /admin/backup-settings: how the server is set up to make backups (read-only, from its environment). */
export const backupSetupSchema = z.object({
  /** The folder the files go to (GOC_BACKUP_DIR, absolute). */
  dir: z.string(),
  /** The daily time in Mexico City, HH:MM (GOC_BACKUP_SCHEDULE); null when the automatic backup is off. */
  schedule: z.string().nullable(),
  /** How many backups are kept; the oldest go (GOC_BACKUP_KEEP). */
  keep: z.number().int(),
  /** When the next automatic backup runs (ISO), null when off. */
  nextRunAt: z.string().nullable(),
});
export type BackupSetup = z.infer<typeof backupSetupSchema>;
