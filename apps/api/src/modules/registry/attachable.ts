import { allows, registryMovementsResource } from '@goc/contracts';
import type { Attachable, AttachableRule } from '../../lib/attachable';

/** HR with the edit flag of the movement's scope — closed cuts included: the IMSS receipt arrives after closing. */
const movementChange: AttachableRule = (actor, record) => allows(actor, { module: record.scope === 'oficina' ? 'registry_office' : 'registry_works', action: 'edit' });

/** A movement's documents (the IMSS receipt). */
export const movementAttachable: Attachable = { name: 'movements', key: registryMovementsResource.key, change: movementChange, manage: movementChange };
