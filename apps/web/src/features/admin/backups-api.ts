import { backupListSchema, backupSchema, backupSetupSchema, type Backup, type BackupSetup } from '@goc/contracts';
import { api } from '../../lib/api/client';
import { saveBlob } from '../../lib/resources/download';

export const backupKeys = {
  list: ['admin', 'backups'] as const,
  setup: ['admin', 'backup-settings'] as const,
};

export async function fetchBackups(): Promise<Backup[]> {
  const { data } = await api.get('/admin/backups');
  return backupListSchema.parse(data).items;
}

export async function fetchBackupSetup(): Promise<BackupSetup> {
  const { data } = await api.get('/admin/backup-settings');
  return backupSetupSchema.parse(data);
}

export async function createBackup(): Promise<Backup> {
  const { data } = await api.post('/admin/backups');
  return backupSchema.parse(data);
}

/** Through the API client (the bearer token a plain link would not send), saved under the backup's own name. */
export async function downloadBackup(backup: Pick<Backup, 'fileName'>): Promise<void> {
  const { data } = await api.get<Blob>(`/admin/backups/${encodeURIComponent(backup.fileName)}`, { responseType: 'blob' });
  saveBlob(data, backup.fileName);
}
