import { aliasedTable, and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  businessToday,
  displayQuantity,
  getResource,
  STOCK_MESSAGES,
  type ApplyCountInput,
  type Consumption,
  type ConsumptionInput,
  type CountInput,
  type Kardex,
  type KardexQuery,
  type ReceiveTransferInput,
  type StockCount,
  type CountQuery,
  type TransferQuery,
  type Transfer,
  type TransferInput,
} from '@goc/contracts';
import type { Db, Executor } from '../../db/client';
import {
  materials,
  stockBalances,
  stockConsumptions,
  stockCountLines,
  stockCounts,
  stockMovements,
  stockTransferLines,
  stockTransfers,
  units,
  users,
  works,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { writeEvent } from '../../lib/events/outbox';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { tableLabel } from '../../lib/crud/source';
import type { Actor } from '../../lib/crud/types';
import { assertOpen, assertTransferable, materialsFor, post, holdingsOf, workFor, type MaterialInfo, type Posting } from './ledger';
import { countDifference, foundValue, moneyText, moneyUnits, planReceipt, quantityText, quantityUnits, unitCostOf, valueAt } from './rules';

/*
 * The store's writes (a salida, a transfer sent and received, a count and its application) and
 * reads (kardex, transfers, counts). Each write is one transaction: its movements, balances, audit
 * entry and domain event commit together or not at all.
 */

const num = (value: string | null) => (value === null ? null : Number(value));
const workLabel = tableLabel(getResource('works'), works);
const userLabel = (table: typeof users) => tableLabel(getResource('users'), table);

export const transferFolio = (id: number) => `TRA-${String(id).padStart(6, '0')}`;

const linesAudit = (lines: readonly { materialId: number; quantity: bigint }[], known: ReadonlyMap<number, MaterialInfo>) =>
  lines.map((l) => `${displayQuantity(quantityText(l.quantity < 0n ? -l.quantity : l.quantity))} ${known.get(l.materialId)!.unit} de ${known.get(l.materialId)!.name}`).join('; ');

/** One delivery of an order as the store takes it in: what arrived of each line, at the line's unit price. */
export interface DeliveryEntry {
  /** Identity of the delivery (its event): the same delivery entering twice adds nothing. */
  key: string;
  orderId: number;
  workId: number;
  date: string;
  /** Folio shown in the kardex's concept (PED-000123). */
  folio: string;
  lines: readonly { lineId: number; materialId: number; quantity: string | number; unitPriceCents: number }[];
}

/**
 * Entries from a delivery, idempotent: each line is keyed `<delivery>:<line>`, and a key already in
 * the ledger is skipped, so a redelivered event adds nothing.
 */
export async function enterDelivery(db: Db, delivery: DeliveryEntry): Promise<number> {
  return db.transaction(async (tx) => {
    const keyed = delivery.lines
      .filter((l) => quantityUnits(l.quantity) > 0n)
      .map((l) => ({ ...l, sourceKey: `${delivery.key}:${l.lineId}` }));
    if (keyed.length === 0) return 0;
    const seen = await tx
      .select({ key: stockMovements.sourceKey })
      .from(stockMovements)
      .where(inArray(stockMovements.sourceKey, keyed.map((l) => l.sourceKey)));
    const done = new Set(seen.map((r) => r.key));
    const fresh = keyed.filter((l) => !done.has(l.sourceKey));
    if (fresh.length === 0) return 0;
    const known = await materialsFor(tx, fresh);
    const postings: Posting[] = fresh.map((l) => {
      const quantity = quantityUnits(l.quantity);
      return {
        materialId: l.materialId,
        kind: 'entrada',
        quantity,
        amount: valueAt(quantity, BigInt(l.unitPriceCents)),
        concept: `Entrega del pedido ${delivery.folio}`,
        sourceKey: l.sourceKey,
      };
    });
    await post(tx, { workId: delivery.workId, date: delivery.date, actorId: null, orderId: delivery.orderId }, postings, known);
    return postings.length;
  });
}

/** POST /stock/consumptions: the salida, never below zero. */
export async function recordConsumption(db: Db, actor: Actor, input: ConsumptionInput): Promise<Consumption> {
  return db.transaction(async (tx) => {
    const work = await workFor(tx, input.workId, 'workId');
    assertOpen(work);
    const known = await materialsFor(tx, input.lines);
    const [header] = await tx
      .insert(stockConsumptions)
      .values({ workId: work.id, date: input.date, concept: input.concept, receivedBy: input.receivedBy, createdById: actor.userId })
      .returning();
    const postings: Posting[] = input.lines.map((l) => ({ materialId: l.materialId, kind: 'consumo', quantity: -quantityUnits(l.quantity), concept: input.concept }));
    const posted = await post(tx, { workId: work.id, date: input.date, actorId: actor.userId, consumptionId: header!.id }, postings, known);
    const summary = linesAudit(posted, known);
    const changes = { work: { old: null, new: work.label }, concept: { old: null, new: input.concept }, lines: { old: null, new: summary } };
    await recordAudit(tx, { userId: actor.userId, action: 'create', entity: 'stockConsumptions', entityId: header!.id, changes, ip: actor.ip });
    await writeEvent(tx, { type: 'stock.consumed', resource: 'stockConsumptions', recordId: header!.id, actorId: actor.userId, metadata: { workId: work.id } });
    return {
      id: header!.id,
      work: { id: work.id, label: work.label },
      date: header!.date,
      concept: header!.concept,
      receivedBy: header!.receivedBy,
      lines: posted.map((p) => {
        const material = known.get(p.materialId)!;
        const quantity = -p.quantity;
        return {
          materialId: p.materialId,
          material: material.name,
          unit: material.unit,
          quantity: Number(quantityText(quantity)),
          unitCost: Number(moneyText(unitCostOf(-p.amount, quantity))),
          amount: Number(moneyText(-p.amount)),
          balance: Number(quantityText(p.balance)),
        };
      }),
      createdAt: header!.createdAt.toISOString(),
    };
  });
}

/** POST /stock/transfers: out of the origin now (at its average cost), «en tránsito» until received. */
export async function sendTransfer(db: Db, actor: Actor, input: TransferInput): Promise<Transfer> {
  const id = await db.transaction(async (tx) => {
    const from = await workFor(tx, input.fromWorkId, 'fromWorkId');
    const to = await workFor(tx, input.toWorkId, 'toWorkId');
    assertTransferable(from);
    assertTransferable(to);
    const known = await materialsFor(tx, input.lines);
    const date = input.date ?? businessToday();
    const [header] = await tx
      .insert(stockTransfers)
      .values({ fromWorkId: from.id, toWorkId: to.id, date, notes: input.notes, sentById: actor.userId })
      .returning({ id: stockTransfers.id });
    const transferId = header!.id;
    const concept = `${transferFolio(transferId)} a ${to.label}`;
    const postings: Posting[] = input.lines.map((l) => ({ materialId: l.materialId, kind: 'traspaso_salida', quantity: -quantityUnits(l.quantity), concept }));
    const posted = await post(tx, { workId: from.id, date, actorId: actor.userId, transferId }, postings, known);
    await tx.insert(stockTransferLines).values(
      posted.map((p, position) => ({ transferId, position, materialId: p.materialId, quantity: quantityText(-p.quantity), amount: moneyText(-p.amount) })),
    );
    const changes = { fromWork: { old: null, new: from.label }, toWork: { old: null, new: to.label }, lines: { old: null, new: linesAudit(posted, known) } };
    await recordAudit(tx, { userId: actor.userId, action: 'create', entity: 'stockTransfers', entityId: transferId, changes, ip: actor.ip });
    await writeEvent(tx, {
      type: 'stock.transfer_sent',
      resource: 'stockTransfers',
      recordId: transferId,
      actorId: actor.userId,
      toStatus: 'en_transito',
      metadata: { fromWorkId: from.id, toWorkId: to.id },
    });
    return transferId;
  });
  return (await readTransfers(db, eq(stockTransfers.id, id)))[0]!;
}

/**
 * POST /stock/transfers/:id/receive: what arrived enters the destination at the value it left with;
 * a shortfall enters and leaves again as a merma with its reason, so the destination's kardex shows it.
 */
export async function receiveTransfer(db: Db, actor: Actor, id: number, input: ReceiveTransferInput): Promise<Transfer> {
  await db.transaction(async (tx) => {
    const [transfer] = await tx.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update');
    if (!transfer) throw new NotFoundError('El traspaso no existe');
    if (transfer.status !== 'en_transito') throw new ConflictError(STOCK_MESSAGES.transferReceived);
    if (transfer.version !== input.version) throw new ConflictError(STOCK_MESSAGES.stale);
    const to = await workFor(tx, transfer.toWorkId, 'toWorkId');
    assertTransferable(to);
    const sent = await tx.select().from(stockTransferLines).where(eq(stockTransferLines.transferId, id)).orderBy(asc(stockTransferLines.position));
    const plan = planReceipt(
      sent.map((l) => ({ materialId: l.materialId, quantity: quantityUnits(l.quantity), amount: moneyUnits(l.amount) })),
      input.lines,
      input.lossReason,
    );
    const known = await materialsFor(tx, sent);
    const date = businessToday();
    const concept = `${transferFolio(id)} de la obra de origen`;
    const postings: Posting[] = plan.flatMap((line): Posting[] => [
      { materialId: line.materialId, kind: 'traspaso_entrada', quantity: line.received + line.lost, amount: line.receivedAmount + line.lostAmount, concept },
      ...(line.lost > 0n ? [{ materialId: line.materialId, kind: 'merma' as const, quantity: -line.lost, concept: input.lossReason }] : []),
    ]);
    const posted = await post(tx, { workId: to.id, date, actorId: actor.userId, transferId: id }, postings, known);
    for (const line of plan) {
      await tx
        .update(stockTransferLines)
        .set({ receivedQuantity: quantityText(line.received) })
        .where(and(eq(stockTransferLines.transferId, id), eq(stockTransferLines.materialId, line.materialId)));
    }
    await tx
      .update(stockTransfers)
      .set({ status: 'recibido', lossReason: input.lossReason, receivedById: actor.userId, receivedAt: new Date(), version: sql`${stockTransfers.version} + 1`, updatedAt: new Date() })
      .where(eq(stockTransfers.id, id));
    const losses = posted.filter((p) => p.kind === 'merma');
    const changes = {
      status: { old: 'en_transito', new: 'recibido' },
      ...(losses.length > 0 ? { losses: { old: null, new: linesAudit(losses, known) }, lossReason: { old: null, new: input.lossReason } } : {}),
    };
    await recordAudit(tx, { userId: actor.userId, action: 'transition', entity: 'stockTransfers', entityId: id, changes, ip: actor.ip });
    await writeEvent(tx, {
      type: 'stock.transfer_received',
      resource: 'stockTransfers',
      recordId: id,
      actorId: actor.userId,
      fromStatus: 'en_transito',
      toStatus: 'recibido',
      metadata: { fromWorkId: transfer.fromWorkId, toWorkId: transfer.toWorkId },
    });
  });
  return (await readTransfers(db, eq(stockTransfers.id, id)))[0]!;
}

/** POST /stock/counts: the count sheet, waiting for someone with `stock` edit to apply it. */
export async function recordCount(db: Db, actor: Actor, input: CountInput): Promise<StockCount> {
  const id = await db.transaction(async (tx) => {
    const work = await workFor(tx, input.workId, 'workId');
    assertOpen(work);
    await materialsFor(tx, input.lines);
    const [header] = await tx
      .insert(stockCounts)
      .values({ workId: work.id, date: input.date, notes: input.notes, countedById: actor.userId })
      .returning({ id: stockCounts.id });
    await tx
      .insert(stockCountLines)
      .values(input.lines.map((l, position) => ({ countId: header!.id, position, materialId: l.materialId, countedQuantity: quantityText(quantityUnits(l.countedQuantity)) })));
    await recordAudit(tx, { userId: actor.userId, action: 'create', entity: 'stockCounts', entityId: header!.id, changes: { work: { old: null, new: work.label } }, ip: actor.ip });
    await writeEvent(tx, { type: 'stock.count_recorded', resource: 'stockCounts', recordId: header!.id, actorId: actor.userId, toStatus: 'por_aprobar', metadata: { workId: work.id } });
    return header!.id;
  });
  return (await readCounts(db, eq(stockCounts.id, id)))[0]!;
}

/** POST /stock/counts/:id/apply: every difference against what the work holds now becomes an adjustment. */
export async function applyCount(db: Db, actor: Actor, id: number, input: ApplyCountInput): Promise<StockCount> {
  await db.transaction(async (tx) => {
    const [count] = await tx.select().from(stockCounts).where(eq(stockCounts.id, id)).for('update');
    if (!count) throw new NotFoundError('El conteo no existe');
    if (count.status !== 'por_aprobar') throw new ConflictError(STOCK_MESSAGES.countApplied);
    if (count.version !== input.version) throw new ConflictError(STOCK_MESSAGES.stale);
    const work = await workFor(tx, count.workId, 'workId');
    assertOpen(work);
    const lines = await tx.select().from(stockCountLines).where(eq(stockCountLines.countId, id)).orderBy(asc(stockCountLines.position));
    const known = await materialsFor(tx, lines);
    const held = await holdingsOf(tx, work.id, known);
    const postings: Posting[] = [];
    for (const line of lines) {
      const holding = held.get(line.materialId)!;
      const difference = countDifference(holding.quantity, quantityUnits(line.countedQuantity));
      await tx.update(stockCountLines).set({ expectedQuantity: quantityText(holding.quantity) }).where(eq(stockCountLines.id, line.id));
      if (difference === 0n) continue;
      postings.push({ materialId: line.materialId, kind: 'ajuste', quantity: difference, amount: difference > 0n ? foundValue(holding, difference) : 0n, concept: input.reason });
    }
    const posted = await post(tx, { workId: work.id, date: businessToday(), actorId: actor.userId, countId: id }, postings, known);
    await tx
      .update(stockCounts)
      .set({ status: 'aplicado', reason: input.reason, appliedById: actor.userId, appliedAt: new Date(), version: sql`${stockCounts.version} + 1`, updatedAt: new Date() })
      .where(eq(stockCounts.id, id));
    const changes = {
      status: { old: 'por_aprobar', new: 'aplicado' },
      reason: { old: null, new: input.reason },
      adjustments: { old: null, new: posted.length === 0 ? 'Sin diferencias' : posted.map((p) => `${p.quantity > 0n ? '+' : '−'}${linesAudit([p], known)}`).join('; ') },
    };
    await recordAudit(tx, { userId: actor.userId, action: 'transition', entity: 'stockCounts', entityId: id, changes, ip: actor.ip });
    await writeEvent(tx, { type: 'stock.count_applied', resource: 'stockCounts', recordId: id, actorId: actor.userId, fromStatus: 'por_aprobar', toStatus: 'aplicado', metadata: { workId: work.id } });
  });
  return (await readCounts(db, eq(stockCounts.id, id)))[0]!;
}

/** GET /stock/kardex: one material's movements at one work, oldest first, with the balance after each. */
export async function kardex(db: Executor, query: KardexQuery): Promise<Kardex | null> {
  const [head] = await db
    .select({
      workId: works.id,
      work: sql<string>`${workLabel}`,
      materialId: materials.id,
      material: materials.name,
      unit: units.abbreviation,
      quantity: stockBalances.quantity,
      averageCost: stockBalances.averageCost,
      value: stockBalances.value,
    })
    .from(works)
    .innerJoin(materials, eq(materials.id, query.materialId))
    .innerJoin(units, eq(units.id, materials.unitId))
    .leftJoin(stockBalances, and(eq(stockBalances.workId, works.id), eq(stockBalances.materialId, materials.id)))
    .where(eq(works.id, query.workId));
  if (!head) return null;
  const where = and(eq(stockMovements.workId, query.workId), eq(stockMovements.materialId, query.materialId));
  const creator = aliasedTable(users, 'creator');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        date: stockMovements.date,
        kind: stockMovements.kind,
        quantity: stockMovements.quantity,
        amount: stockMovements.amount,
        balance: stockMovements.balance,
        balanceValue: stockMovements.balanceValue,
        concept: stockMovements.concept,
        consumptionId: stockMovements.consumptionId,
        transferId: stockMovements.transferId,
        orderId: stockMovements.orderId,
        createdById: stockMovements.createdById,
        createdBy: sql<string | null>`${userLabel(creator)}`,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(creator, eq(creator.id, stockMovements.createdById))
      .where(where)
      .orderBy(asc(stockMovements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(stockMovements).where(where),
  ]);
  return {
    work: { id: head.workId, label: head.work },
    material: { id: head.materialId, label: head.material },
    unit: head.unit,
    quantity: num(head.quantity) ?? 0,
    averageCost: num(head.averageCost) ?? 0,
    value: num(head.value) ?? 0,
    items: rows.map((r) => {
      const quantity = quantityUnits(r.quantity);
      const amount = moneyUnits(r.amount);
      return {
        id: r.id,
        date: r.date,
        kind: r.kind,
        quantity: Number(r.quantity),
        unitCost: Number(moneyText(unitCostOf(amount < 0n ? -amount : amount, quantity < 0n ? -quantity : quantity))),
        amount: Number(r.amount),
        balance: Number(r.balance),
        balanceValue: Number(r.balanceValue),
        concept: r.concept,
        reference: r.transferId !== null ? transferFolio(r.transferId) : r.orderId !== null ? `Pedido ${r.orderId}` : null,
        consumptionId: r.consumptionId,
        createdBy: r.createdById === null ? null : { id: r.createdById, label: r.createdBy ?? '' },
        createdAt: r.createdAt.toISOString(),
      };
    }),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const fromWork = aliasedTable(works, 'from_work');
const toWork = aliasedTable(works, 'to_work');
const sender = aliasedTable(users, 'sender');
const receiver = aliasedTable(users, 'receiver');

/** Transfers with their lines, newest first. */
export async function readTransfers(db: Executor, where: SQL | undefined): Promise<Transfer[]> {
  const rows = await db
    .select({
      transfer: stockTransfers,
      fromWork: sql<string>`${tableLabel(getResource('works'), fromWork)}`,
      toWork: sql<string>`${tableLabel(getResource('works'), toWork)}`,
      sentBy: sql<string | null>`${userLabel(sender)}`,
      receivedBy: sql<string | null>`${userLabel(receiver)}`,
    })
    .from(stockTransfers)
    .innerJoin(fromWork, eq(fromWork.id, stockTransfers.fromWorkId))
    .innerJoin(toWork, eq(toWork.id, stockTransfers.toWorkId))
    .leftJoin(sender, eq(sender.id, stockTransfers.sentById))
    .leftJoin(receiver, eq(receiver.id, stockTransfers.receivedById))
    .where(where)
    .orderBy(desc(stockTransfers.id))
    .limit(200);
  const ids = rows.map((r) => r.transfer.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({ line: stockTransferLines, material: materials.name, unit: units.abbreviation })
          .from(stockTransferLines)
          .innerJoin(materials, eq(materials.id, stockTransferLines.materialId))
          .innerJoin(units, eq(units.id, materials.unitId))
          .where(inArray(stockTransferLines.transferId, ids))
          .orderBy(asc(stockTransferLines.transferId), asc(stockTransferLines.position));
  return rows.map(({ transfer: t, ...labels }) => ({
    id: t.id,
    folio: transferFolio(t.id),
    fromWork: { id: t.fromWorkId, label: labels.fromWork },
    toWork: { id: t.toWorkId, label: labels.toWork },
    status: t.status,
    date: t.date,
    notes: t.notes,
    lossReason: t.lossReason,
    lines: lines
      .filter((l) => l.line.transferId === t.id)
      .map(({ line, material, unit }) => ({
        materialId: line.materialId,
        material,
        unit,
        quantity: Number(line.quantity),
        receivedQuantity: num(line.receivedQuantity),
        amount: Number(line.amount),
      })),
    sentBy: t.sentById === null ? null : { id: t.sentById, label: labels.sentBy ?? '' },
    receivedBy: t.receivedById === null ? null : { id: t.receivedById, label: labels.receivedBy ?? '' },
    receivedAt: t.receivedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    version: t.version,
  }));
}

/** GET /stock/transfers: those leaving or reaching a work (or all), optionally by status. */
export const listTransfers = (db: Executor, query: TransferQuery) =>
  readTransfers(
    db,
    and(
      query.workId === undefined ? undefined : or(eq(stockTransfers.fromWorkId, query.workId), eq(stockTransfers.toWorkId, query.workId)),
      query.status === undefined ? undefined : eq(stockTransfers.status, query.status),
    ),
  );

const counter = aliasedTable(users, 'counter');
const approver = aliasedTable(users, 'approver');

/** Counts with their lines and, while waiting, the difference against what the work holds now. */
export async function readCounts(db: Executor, where: SQL | undefined): Promise<StockCount[]> {
  const rows = await db
    .select({
      count: stockCounts,
      work: sql<string>`${workLabel}`,
      countedBy: sql<string | null>`${userLabel(counter)}`,
      appliedBy: sql<string | null>`${userLabel(approver)}`,
    })
    .from(stockCounts)
    .innerJoin(works, eq(works.id, stockCounts.workId))
    .leftJoin(counter, eq(counter.id, stockCounts.countedById))
    .leftJoin(approver, eq(approver.id, stockCounts.appliedById))
    .where(where)
    .orderBy(desc(stockCounts.id))
    .limit(200);
  const ids = rows.map((r) => r.count.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({ line: stockCountLines, material: materials.name, unit: units.abbreviation, onHand: stockBalances.quantity })
          .from(stockCountLines)
          .innerJoin(stockCounts, eq(stockCounts.id, stockCountLines.countId))
          .innerJoin(materials, eq(materials.id, stockCountLines.materialId))
          .innerJoin(units, eq(units.id, materials.unitId))
          .leftJoin(stockBalances, and(eq(stockBalances.workId, stockCounts.workId), eq(stockBalances.materialId, stockCountLines.materialId)))
          .where(inArray(stockCountLines.countId, ids))
          .orderBy(asc(stockCountLines.countId), asc(stockCountLines.position));
  return rows.map(({ count: c, ...labels }) => ({
    id: c.id,
    work: { id: c.workId, label: labels.work },
    status: c.status,
    date: c.date,
    notes: c.notes,
    reason: c.reason,
    lines: lines
      .filter((l) => l.line.countId === c.id)
      .map(({ line, material, unit, onHand }) => {
        const expected = quantityUnits(line.expectedQuantity ?? onHand ?? '0');
        const counted = quantityUnits(line.countedQuantity);
        return {
          materialId: line.materialId,
          material,
          unit,
          countedQuantity: Number(line.countedQuantity),
          expectedQuantity: Number(quantityText(expected)),
          difference: Number(quantityText(countDifference(expected, counted))),
        };
      }),
    countedBy: c.countedById === null ? null : { id: c.countedById, label: labels.countedBy ?? '' },
    appliedBy: c.appliedById === null ? null : { id: c.appliedById, label: labels.appliedBy ?? '' },
    appliedAt: c.appliedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    version: c.version,
  }));
}

export const listCounts = (db: Executor, query: CountQuery) =>
  readCounts(
    db,
    and(
      query.workId === undefined ? undefined : eq(stockCounts.workId, query.workId),
      query.status === undefined ? undefined : eq(stockCounts.status, query.status),
    ),
  );

/** Concepts written at a work, most used first: the salida form's suggestions. */
export async function conceptSuggestions(db: Executor, workId: number): Promise<string[]> {
  const rows = await db
    .select({ concept: stockConsumptions.concept })
    .from(stockConsumptions)
    .where(eq(stockConsumptions.workId, workId))
    .groupBy(stockConsumptions.concept)
    .orderBy(desc(count()), asc(stockConsumptions.concept))
    .limit(20);
  return rows.map((r) => r.concept);
}

