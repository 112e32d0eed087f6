import { MOVEMENT_TYPE_OPTIONS, routePath } from '@goc/contracts';
import type { ResourceService } from '../../lib/crud/service';
import type { Entity } from '../../lib/crud/source';
import type { DomainEvent } from '../../lib/events/types';
import { isStatusChange, labelOf, visibleTo, type Draft, type NotificationRule, type RuleContext } from '../../lib/notify';
import { usersWithPermission } from '../../lib/permissions';

/* Who hears about an IMSS movement (docs/notifications.md): HR of a late one, its capturer of a status change. */

const MOVEMENT_STATUS_FIELDS = [
  { field: 'registrationStatusId', entityKey: 'registrationStatus', label: 'Estatus de alta' },
  { field: 'stampStatusId', entityKey: 'stampStatus', label: 'Estatus de timbre' },
  { field: 'errorStatusId', entityKey: 'errorStatus', label: 'Estatus de error' },
] as const;

const movementTypeLabel = (type: unknown) => MOVEMENT_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? 'Movimiento';
const movementName = (movement: Entity) => {
  const employee = labelOf(movement.employee);
  return `${movementTypeLabel(movement.type).toLowerCase()}${employee ? ` de ${employee}` : ''}`;
};
/** The list the movement's capturer works in: office or works registry. */
const movementLink = (movement: Entity) => routePath(movement.scope === 'obra' ? 'registryWorks' : 'registryOffice');

async function movementDrafts(ctx: RuleContext, service: ResourceService, event: DomainEvent): Promise<Draft[]> {
  if (event.type === 'record.created') {
    const movement = await service.find(ctx.db, null, event.recordId);
    if (!movement?.late) return [];
    const hr = await usersWithPermission(ctx.db, 'registry_history', 'edit');
    return (await visibleTo(ctx, service, event.recordId, hr, event.actorId)).map(({ userId }) => ({
      userId,
      type: 'movement_late',
      title: `Movimiento fuera de plazo: ${movementName(movement)}`,
      body: `Se capturó ${movementName(movement)} con fecha efectiva ${String(movement.effectiveDate ?? '')}, después de su plazo.`,
      link: typeof movement.cutId === 'number' ? routePath('registryCut', { cutId: movement.cutId }) : routePath('registryHistory'),
    }));
  }
  // The status route always writes a transition; only a changed status is news (not a new error detail).
  const changed = MOVEMENT_STATUS_FIELDS.filter((s) => event.changes?.[s.field] !== undefined);
  const registrationMoved = isStatusChange(event) && event.fromStatus !== event.toStatus;
  if (changed.length === 0 && !registrationMoved) return [];
  const movement = await service.find(ctx.db, null, event.recordId);
  if (!movement || typeof movement.createdById !== 'number') return [];
  const shown = changed.length > 0 ? changed : MOVEMENT_STATUS_FIELDS.slice(0, 1);
  const statuses = shown.map((s) => `${s.label}: ${labelOf(movement[s.entityKey])}`).join(' · ');
  return (await visibleTo(ctx, service, event.recordId, [movement.createdById], event.actorId)).map(({ userId }) => ({
    userId,
    type: 'movement_status',
    title: `Cambió el estatus de tu movimiento: ${movementName(movement)}`,
    body: `${statuses}.`,
    link: movementLink(movement),
  }));
}


/** The movements' notification rule (the registry manifest declares it). */
export const movementNotifications: NotificationRule = {
  resource: 'registryMovements',
  async drafts(ctx, event) {
    const service = ctx.resources.get('registryMovements');
    return service ? movementDrafts(ctx, service, event) : [];
  },
};
