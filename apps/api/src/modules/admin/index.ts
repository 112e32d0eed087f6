import { backupListSchema, backupSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import adminRoutes from './routes';

/** Administración: backups and the operations an administrator runs. */
export default defineModule({ name: 'admin', routes: adminRoutes, schemas: { Backup: backupSchema, BackupList: backupListSchema } });
