import { useMemo } from 'react';
import { allows, availableActions, type ActionDeclaration, type ResourceActor } from '@goc/contracts';
import { usePermissions } from '../../lib/session/permissions-store';
import { useSessionUser } from '../../lib/session/session-store';
import type { ListResource, ResourceRow } from './resource-types';

/**
 * What the signed-in user may do on a resource and on each row: the declared permission of each
 * write, then the row guards (an order is edited only while it is a draft, by its requester) and
 * the workflow actions open from the row's status. The API checks all of it again.
 */
export function useRowPermissions(resource: ListResource) {
  const { permissions } = usePermissions();
  const user = useSessionUser();
  return useMemo(() => {
    const actor: ResourceActor = { userId: user?.id ?? 0, permissions };
    // System rows of the status catalogues (those with a code) can be edited, never deleted.
    const systemCode = resource.systemRows?.codeField;
    const isSystemRow = (row: ResourceRow) => systemCode !== undefined && row[systemCode] !== null && row[systemCode] !== undefined;
    const canEdit = allows(actor, resource.permissions.edit);
    const canDelete = allows(actor, resource.permissions.delete);
    return {
      actor,
      canCreate: allows(actor, resource.permissions.create),
      canEdit,
      canDelete,
      canEditRow: (row: ResourceRow) => canEdit && (resource.guards.edit?.(row, actor) ?? null) === null,
      canDeleteRow: (row: ResourceRow) => canDelete && !isSystemRow(row) && (resource.guards.delete?.(row, actor) ?? null) === null,
      /** Workflow actions open on this row for this user. */
      actionsOf: (row: ResourceRow): ActionDeclaration[] => availableActions(resource, row, actor),
    };
  }, [resource, permissions, user?.id]);
}
