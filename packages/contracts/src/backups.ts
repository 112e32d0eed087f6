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
