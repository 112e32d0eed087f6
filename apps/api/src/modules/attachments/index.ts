import { attachmentListSchema, attachmentSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import attachmentRoutes from './routes';

/** Documents on records, and the clean-up when a record goes. */
export default defineModule({ name: 'attachments', routes: attachmentRoutes, schemas: { Attachment: attachmentSchema, AttachmentList: attachmentListSchema } });
