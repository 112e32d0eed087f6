import { allows } from '@goc/contracts';
import type { Attachable } from '../../lib/attachable';

/**
 * Documents of a salida (photos of what was taken, the signed vale): whoever records salidas
 * (`stock` create) adds them, and removes the ones they added; `stock` edit manages everyone's.
 * The name is the attachments API's `resource` and the delete trigger's argument (migration 0030).
 */
export const CONSUMPTION_DOCUMENTS: Attachable = {
  name: 'stock-consumptions',
  key: 'stockConsumptions',
  change: (actor) => allows(actor, { module: 'stock', action: 'create' }),
  manage: (actor) => allows(actor, { module: 'stock', action: 'edit' }),
};
