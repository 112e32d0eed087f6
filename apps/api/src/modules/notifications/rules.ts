import { eq } from 'drizzle-orm';
import { MOVEMENT_TYPE_OPTIONS, routePath, type NotificationType } from '@goc/contracts';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { personNames } from '../../lib/crud/people';
import type { ResourceService } from '../../lib/crud/service';
import type { Entity } from '../../lib/crud/source';
import type { Actor } from '../../lib/crud/types';
import type { DomainEvent } from '../../lib/events/types';
import { loadRolePermissions, usersWithPermission } from '../../lib/permissions';

/*
 * Who is told what (docs/notifications.md): each rule turns a committed domain event into the
 * notifications of the people it concerns. Never the actor; never about a record the person may not
 * open (the record's own read check, through the resource's service); never to an inactive user.
 */

/** One notification for one person, before it is stored. */
export interface Draft {
  userId: number;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
}

export interface RuleContext {
  db: Db;
  /** Resource services by key (app.resources). */
  resources: ReadonlyMap<string, ResourceService>;
}

/** Statuses of an order its requester hears about. */
const REQUESTER_STATUSES: Readonly<Record<string, string>> = {
  autorizado: 'autorizado',
  rechazado: 'rechazado',
  comprado: 'comprado',
  entregado_parcial: 'entregado parcialmente',
  entregado: 'entregado',
  cancelado: 'cancelado',
};

const MOVEMENT_STATUS_FIELDS = [
  { field: 'registrationStatusId', entityKey: 'registrationStatus', label: 'Estatus de alta' },
  { field: 'stampStatusId', entityKey: 'stampStatus', label: 'Estatus de timbre' },
  { field: 'errorStatusId', entityKey: 'errorStatus', label: 'Estatus de error' },
] as const;

/** How a reference of an entity reads: a status by its name, any other reference by its label. */
const labelOf = (value: unknown): string => {
  if (typeof value !== 'object' || value === null) return '';
  if ('name' in value && typeof value.name === 'string') return value.name;
  return 'label' in value && typeof value.label === 'string' ? value.label : '';
};

/** The person as an actor with their role's permissions now; null when inactive or gone. */
async function actorFor(db: Db, userId: number): Promise<Actor | null> {
  const [row] = await db.select({ roleId: users.roleId, active: users.active }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.active) return null;
  return { userId, ip: '', permissions: await loadRolePermissions(db, row.roleId) };
}

/**
 * The candidates who may open the record (as its GET /:id would let them), without the actor, each
 * with the record as they see it.
 */
async function visibleTo(ctx: RuleContext, service: ResourceService, recordId: number, candidates: readonly number[], actorId: number | null) {
  const seen: { userId: number; record: Entity }[] = [];
  for (const userId of new Set(candidates)) {
    if (userId === actorId) continue;
    const actor = await actorFor(ctx.db, userId);
    const record = actor ? await service.readable(ctx.db, actor, recordId) : null;
    if (record) seen.push({ userId, record });
  }
  return seen;
}

const folioOf = (order: Entity) => String(order.folio);
const workOf = (record: Entity) => labelOf(record.work);
const isStatusChange = (event: DomainEvent): event is DomainEvent & { toStatus: string } => event.type === 'record.transitioned' && typeof event.toStatus === 'string';

/** The order in Histórico, its detail open. */
const orderLink = (order: Entity, id: number) => `${routePath('ordersHistory')}?q=${encodeURIComponent(folioOf(order))}&ver=${id}`;
const textsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Purchasing asked Dirección to approve a sent order: whoever holds Aprobación de pedidos (edit) hears the folio and the reasons. */
async function approvalRequestDrafts(ctx: RuleContext, service: ResourceService, event: DomainEvent): Promise<Draft[]> {
  const order = await service.find(ctx.db, null, event.recordId);
  if (!order) return [];
  const folio = folioOf(order);
  const reasons = textsOf(event.metadata?.reasons);
  const comment = typeof event.metadata?.comment === 'string' ? event.metadata.comment : '';
  const asker = event.actorId === null ? null : (await personNames(ctx.db, [event.actorId])).get(event.actorId);
  const approvers = await usersWithPermission(ctx.db, 'orders_approval', 'edit');
  return (await visibleTo(ctx, service, event.recordId, approvers, event.actorId)).map(({ userId }) => ({
    userId,
    type: 'approval_requested',
    title: `Pedido ${folio}: se solicita tu aprobación`,
    body: `${asker ?? 'Compras'} solicita aprobar el pedido ${folio}${workOf(order) ? ` de la obra ${workOf(order)}` : ''}. ${reasons.join('. ')}.${comment ? ` Comentario: ${comment}` : ''}`,
    link: orderLink(order, event.recordId),
  }));
}

/** Authorised or rejected: the purchasing people (Histórico edit) hear it, they buy next; the requester hears it on their own. */
async function decisionDrafts(ctx: RuleContext, service: ResourceService, event: DomainEvent & { toStatus: string }, order: Entity, comment: string | null): Promise<Draft[]> {
  const folio = folioOf(order);
  const authorised = event.toStatus === 'autorizado';
  const purchasing = (await usersWithPermission(ctx.db, 'history', 'edit')).filter((id) => id !== order.requestedById);
  return (await visibleTo(ctx, service, event.recordId, purchasing, event.actorId)).map(({ userId }) => ({
    userId,
    type: 'order_decided',
    title: `Pedido ${folio} ${authorised ? 'autorizado' : 'rechazado'}`,
    body: `El pedido ${folio}${workOf(order) ? ` de la obra ${workOf(order)}` : ''} fue ${authorised ? 'autorizado: ya puede comprarse' : 'rechazado'}.${comment ? ` Comentario: ${comment}` : ''}`,
    link: orderLink(order, event.recordId),
  }));
}

async function orderDrafts(ctx: RuleContext, service: ResourceService, event: DomainEvent): Promise<Draft[]> {
  if (event.type === 'orders.approval_requested') return approvalRequestDrafts(ctx, service, event);
  if (!isStatusChange(event)) return [];
  const to = event.toStatus;
  const order = await service.find(ctx.db, null, event.recordId);
  if (!order) return [];
  const folio = folioOf(order);
  if (to === 'enviado') {
    const purchasing = await usersWithPermission(ctx.db, 'history', 'edit');
    const requester = labelOf(order.requestedBy);
    return (await visibleTo(ctx, service, event.recordId, purchasing, event.actorId)).map(({ userId }) => ({
      userId,
      type: 'order_sent',
      title: `Pedido ${folio} enviado a compras`,
      body: `${requester ? `${requester} envió` : 'Se envió'} el pedido ${folio}${workOf(order) ? ` de la obra ${workOf(order)}` : ''}; espera autorización.`,
      link: `${routePath('ordersHistory')}?q=${encodeURIComponent(folio)}`,
    }));
  }
  const reached = REQUESTER_STATUSES[to];
  const comment = typeof event.metadata?.comment === 'string' && event.metadata.comment.trim() !== '' ? event.metadata.comment.trim() : null;
  const decided = to === 'autorizado' || to === 'rechazado' ? await decisionDrafts(ctx, service, event, order, comment) : [];
  if (!reached || typeof order.requestedById !== 'number') return decided;
  const toRequester = (await visibleTo(ctx, service, event.recordId, [order.requestedById], event.actorId)).map(({ userId }): Draft => ({
    userId,
    type: 'order_status',
    title: `Tu pedido ${folio} fue ${reached}`,
    body: `El pedido ${folio}${workOf(order) ? ` de la obra ${workOf(order)}` : ''} ahora está ${reached}.${comment ? ` Comentario: ${comment}` : ''}`,
    link: `${routePath('myOrders')}?q=${encodeURIComponent(folio)}`,
  }));
  return [...toRequester, ...decided];
}

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

/** A user's own role changed: they hear it (the record is about them, whatever they may open). */
async function userDrafts(ctx: RuleContext, event: DomainEvent): Promise<Draft[]> {
  if (event.type !== 'record.updated' || event.changes?.roleId === undefined || event.recordId === event.actorId) return [];
  const [row] = await ctx.db
    .select({ active: users.active, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, event.recordId))
    .limit(1);
  if (!row?.active) return [];
  return [
    {
      userId: event.recordId,
      type: 'access_changed',
      title: 'Tu rol cambió',
      body: `Ahora tienes el rol ${row.role}; tu menú y lo que puedes hacer ya reflejan el cambio.`,
      link: routePath('home'),
    },
  ];
}

/** A role's permission matrix changed: every active user holding it hears it. */
async function roleDrafts(ctx: RuleContext, event: DomainEvent): Promise<Draft[]> {
  if (event.type !== 'record.updated' || !Object.keys(event.changes ?? {}).some((k) => k.startsWith('permissions.'))) return [];
  const holders = await ctx.db.select({ id: users.id, active: users.active, role: roles.name }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.roleId, event.recordId));
  return holders
    .filter((h) => h.active && h.id !== event.actorId)
    .map((h) => ({
      userId: h.id,
      type: 'access_changed',
      title: 'Cambiaron los permisos de tu rol',
      body: `Los permisos del rol ${h.role} cambiaron; tu menú y lo que puedes hacer ya reflejan el cambio.`,
      link: routePath('home'),
    }));
}

/** A webhook failing for days was deactivated (modules/integrations): its creator hears it. */
async function webhookDrafts(ctx: RuleContext, event: DomainEvent): Promise<Draft[]> {
  const createdById = Number(event.metadata?.createdById);
  if (event.type !== 'webhooks.deactivated' || !Number.isInteger(createdById)) return [];
  const [row] = await ctx.db.select({ active: users.active }).from(users).where(eq(users.id, createdById)).limit(1);
  if (!row?.active) return [];
  return [
    {
      userId: createdById,
      type: 'webhook_disabled',
      title: 'Se desactivó un webhook',
      body: `Las entregas a ${String(event.metadata?.url ?? '')} fallaron durante 3 días y el webhook se desactivó; revisa el receptor y vuelve a activarlo en Integraciones.`,
      link: routePath('integrations'),
    },
  ];
}

/** The notifications an event causes (none for events nobody is told about). */
export async function draftsFor(ctx: RuleContext, event: DomainEvent): Promise<Draft[]> {
  const service = ctx.resources.get(event.resource);
  switch (event.resource) {
    case 'orders':
      return service ? orderDrafts(ctx, service, event) : [];
    case 'registryMovements':
      return service ? movementDrafts(ctx, service, event) : [];
    case 'users':
      return userDrafts(ctx, event);
    case 'roles':
      return roleDrafts(ctx, event);
    case 'webhooks':
      return webhookDrafts(ctx, event);
    default:
      return [];
  }
}
