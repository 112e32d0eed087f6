import { allows, type AnyResource } from '@goc/contracts';
import type { Entity } from './crud/source';
import type { Actor } from './crud/types';

/*
 * Records that take documents, as modules declare them (their manifest's `attachables`): the
 * attachments module serves every declared one and names none. Reading follows the record's own read
 * permission and views (lib/crud); these rules say who may *change* its documents.
 */

/** Does the actor hold this right on this record (already read within the actor's scope)? */
export type AttachableRule = (actor: Actor, record: Entity, declaration: AnyResource) => boolean;

export interface Attachable {
  /** The `resource` of the attachments API (orders, movements, employees…): stored with each document. */
  name: string;
  /** The resource mechanism's key of the record's service. */
  key: string;
  /** May add documents now, and delete the ones they added. */
  change: AttachableRule;
  /** May delete anyone's documents. */
  manage: AttachableRule;
}

/** The declaration's edit permission (catalogues, projects). */
export const editPermission: AttachableRule = (actor, _record, declaration) => declaration.permissions.edit !== undefined && allows(actor, declaration.permissions.edit);

/** A record whose documents follow its declaration's edit permission. */
export const editableAttachable = (name: string, key: string): Attachable => ({ name, key, change: editPermission, manage: editPermission });
