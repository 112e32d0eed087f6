import {
  allows,
  employeesCatalog,
  ordersResource,
  projectsResource,
  registryMovementsResource,
  suppliersCatalog,
  worksCatalog,
  type AnyResource,
  type AttachableResource,
} from '@goc/contracts';
import type { Actor } from '../../lib/crud/types';
import { statusCodeOf } from '../../lib/crud/statuses';
import type { Entity } from '../../lib/crud/source';

/*
 * Which records take documents, and who may add or delete them. Reading follows the record's own
 * read permission and views (lib/crud); these rules say who may *change* its documents.
 */

/** Does the actor hold this right on this record (already read within the actor's scope)? */
type Rule = (actor: Actor, record: Entity, declaration: AnyResource) => boolean;

export interface Attachable {
  /** The resource mechanism's key of the record's service. */
  key: string;
  /** May add documents now, and delete the ones they added. */
  change: Rule;
  /** May delete anyone's documents. */
  manage: Rule;
}

/** The declaration's edit permission (catalogues, projects). */
const editPermission: Rule = (actor, _record, declaration) => declaration.permissions.edit !== undefined && allows(actor, declaration.permissions.edit);

const CLOSED_ORDER_STATUSES: readonly string[] = ['entregado', 'cancelado', 'rechazado'];
const purchasing: Rule = (actor) => allows(actor, { module: 'history', action: 'edit' });
/** The requester on their own order while it is open (the delivery note of a partial delivery too); purchasing on any order it sees. */
const orderChange: Rule = (actor, record, declaration) => {
  if (purchasing(actor, record, declaration)) return true;
  return allows(actor, { module: 'my_orders', action: 'edit' }) && record.requestedById === actor.userId && !CLOSED_ORDER_STATUSES.includes(statusCodeOf(record.status) ?? '');
};

/** HR with the edit flag of the movement's scope — closed cuts included: the IMSS receipt arrives after closing. */
const movementChange: Rule = (actor, record) => allows(actor, { module: record.scope === 'oficina' ? 'registry_office' : 'registry_works', action: 'edit' });

export const ATTACHABLE: Readonly<Record<AttachableResource, Attachable>> = {
  orders: { key: ordersResource.key, change: orderChange, manage: purchasing },
  movements: { key: registryMovementsResource.key, change: movementChange, manage: movementChange },
  employees: { key: employeesCatalog.key, change: editPermission, manage: editPermission },
  projects: { key: projectsResource.key, change: editPermission, manage: editPermission },
  works: { key: worksCatalog.key, change: editPermission, manage: editPermission },
  suppliers: { key: suppliersCatalog.key, change: editPermission, manage: editPermission },
};

/** Whether a stored `resource` is one documents may still be attached to. */
export const isAttachable = (resource: string): resource is AttachableResource => Object.hasOwn(ATTACHABLE, resource);
