import { attachmentListSchema, attachmentSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import attachmentRoutes from './routes';
import { attachmentsConfig } from './settings';

/** Documents on records, and the clean-up when a record goes. */
export default defineModule({ name: 'attachments', routes: attachmentRoutes, config: attachmentsConfig, schemas: { Attachment: attachmentSchema, AttachmentList: attachmentListSchema } });
