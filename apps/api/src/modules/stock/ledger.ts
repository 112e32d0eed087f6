import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FIELD_MESSAGES, getResource, STOCK_MESSAGES, stockMoved, TRANSFERABLE_WORK_STATUSES, type StockMovementKind } from '@goc/contracts';
import type { Tx } from '../../db/client';
import { materials, stockBalances, stockMovements, units, works } from '../../db/schema';
import { ConflictError, ValidationError } from '../../lib/errors';
import { publishEvent } from '../../lib/events/typed';
import { tableLabel } from '../../lib/crud/source';
import { enter, EMPTY, moneyText, moneyUnits, notEnoughMessage, quantityText, quantityUnits, takeOut, type Holding } from './rules';

/*
 * Posting movements: every write of the store goes through `post`, inside its caller's transaction.
 * It locks the balance rows of the work's materials (in material order, so two writers never wait on
 * each other crosswise), decides each movement with rules.ts, writes the ledger rows with the balance
 * after each, and the balances once. Two consumptions of the last units: the second waits for the
 * first's lock, reads what is left, and is refused.
 */

export interface WorkInfo {
  id: number;
  label: string;
  status: string;
}

export interface MaterialInfo {
  id: number;
  name: string;
  unitId: number;
  unit: string;
}

/** The work, read with a share lock so it cannot be closed while a movement is written on it. */
export async function workFor(tx: Tx, id: number, field: string): Promise<WorkInfo> {
  const [work] = await tx
    .select({ id: works.id, label: sql<string>`${tableLabel(getResource('works'), works)}`, status: works.status })
    .from(works)
    .where(eq(works.id, id))
    .for('share');
  if (!work) throw new ValidationError({ [field]: FIELD_MESSAGES.option });
  return work;
}

/** Refuses a movement on a terminada work (409). */
export function assertOpen(work: WorkInfo): void {
  if (work.status === 'terminada') throw new ConflictError(STOCK_MESSAGES.workClosed(work.label));
}

/** Refuses a transfer from or to a work that is neither in planeación nor en ejecución (409). */
export function assertTransferable(work: WorkInfo): void {
  if (!(TRANSFERABLE_WORK_STATUSES as readonly string[]).includes(work.status)) throw new ConflictError(STOCK_MESSAGES.workNotTransferable(work.label, work.status));
}

/** The lines' materials with their units; an unknown one is a 400 on its line. */
export async function materialsFor(tx: Tx, lines: readonly { materialId: number }[]): Promise<Map<number, MaterialInfo>> {
  const ids = lines.map((l) => l.materialId);
  const rows = await tx
    .select({ id: materials.id, name: materials.name, unitId: materials.unitId, unit: units.abbreviation })
    .from(materials)
    .innerJoin(units, eq(units.id, materials.unitId))
    .where(inArray(materials.id, ids));
  const found = new Map(rows.map((r) => [r.id, r]));
  const fields: Record<string, string> = {};
  lines.forEach((line, index) => {
    if (!found.has(line.materialId)) fields[`lines.${index}.materialId`] = STOCK_MESSAGES.unknownMaterial;
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return found;
}

interface LockedHolding extends Holding {
  balanceId: number;
}

/** Locks (creating them when asked) the work's balance rows of these materials, in material order. */
async function lockHoldings(tx: Tx, workId: number, known: ReadonlyMap<number, MaterialInfo>, create: boolean): Promise<Map<number, LockedHolding>> {
  const ids = [...known.keys()].sort((a, b) => a - b);
  if (create) {
    await tx
      .insert(stockBalances)
      .values(ids.map((materialId) => ({ workId, materialId, unitId: known.get(materialId)!.unitId })))
      .onConflictDoNothing({ target: [stockBalances.workId, stockBalances.materialId] });
  }
  const rows = await tx
    .select({ balanceId: stockBalances.id, materialId: stockBalances.materialId, quantity: stockBalances.quantity, value: stockBalances.value })
    .from(stockBalances)
    .where(and(eq(stockBalances.workId, workId), inArray(stockBalances.materialId, ids)))
    .orderBy(asc(stockBalances.materialId))
    .for('update');
  return new Map(rows.map((r) => [r.materialId, { balanceId: r.balanceId, quantity: quantityUnits(r.quantity), value: moneyUnits(r.value) }]));
}

/** One movement to post: positive quantities come in with `amount`; negative ones go out at the average cost. */
export interface Posting {
  materialId: number;
  kind: StockMovementKind;
  /** Signed thousandths. */
  quantity: bigint;
  /** Value of an entry (cents); ignored for exits, whose value is their share of the average. */
  amount?: bigint;
  concept?: string | null;
  /** Identity of an entry from outside (a delivery's line): unique, so it never enters twice. */
  sourceKey?: string;
}

export interface PostContext {
  workId: number;
  date: string;
  actorId: number | null;
  consumptionId?: number;
  transferId?: number;
  countId?: number;
  orderId?: number;
}

export interface Posted {
  materialId: number;
  kind: StockMovementKind;
  quantity: bigint;
  amount: bigint;
  balance: bigint;
}

/**
 * Posts the movements in order (a material may appear twice: a transfer's entry, then its loss) and
 * answers each with its value and the balance after it. A movement taking out more than the work
 * holds refuses the whole write (409 naming what there is).
 */
export async function post(tx: Tx, context: PostContext, postings: readonly Posting[], known: ReadonlyMap<number, MaterialInfo>): Promise<Posted[]> {
  if (postings.length === 0) return [];
  const used = new Map([...new Set(postings.map((p) => p.materialId))].map((id) => [id, known.get(id)!]));
  const locked = await lockHoldings(tx, context.workId, used, postings.some((p) => p.quantity > 0n));
  const holdings = new Map<number, Holding>([...used.keys()].map((id) => [id, locked.get(id) ?? EMPTY]));
  const movements: Posted[] = [];
  for (const p of postings) {
    const holding = holdings.get(p.materialId)!;
    let amount: bigint;
    let after: Holding;
    if (p.quantity >= 0n) {
      amount = p.amount ?? 0n;
      after = enter(holding, p.quantity, amount);
    } else {
      const out = takeOut(holding, -p.quantity);
      const material = known.get(p.materialId)!;
      if (!out) throw new ConflictError(notEnoughMessage(holding, material.unit, material.name));
      amount = -out.amount;
      after = out.after;
    }
    holdings.set(p.materialId, after);
    await tx.insert(stockMovements).values({
      workId: context.workId,
      materialId: p.materialId,
      kind: p.kind,
      date: context.date,
      quantity: quantityText(p.quantity),
      amount: moneyText(amount),
      balance: quantityText(after.quantity),
      balanceValue: moneyText(after.value),
      concept: p.concept ?? null,
      consumptionId: context.consumptionId ?? null,
      transferId: context.transferId ?? null,
      countId: context.countId ?? null,
      orderId: context.orderId ?? null,
      sourceKey: p.sourceKey ?? null,
      createdById: context.actorId,
    });
    movements.push({ materialId: p.materialId, kind: p.kind, quantity: p.quantity, amount, balance: after.quantity });
  }
  for (const [materialId, holding] of holdings) {
    const row = locked.get(materialId);
    if (!row) continue;
    await tx
      .update(stockBalances)
      .set({
        quantity: quantityText(holding.quantity),
        value: moneyText(holding.value),
        lastMovementOn: sql`greatest(${stockBalances.lastMovementOn}, ${context.date}::date)`,
        version: sql`${stockBalances.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(stockBalances.id, row.balanceId));
  }
  // After the balances' updates (which hold their locks), so per balance the events follow the commits.
  for (const m of movements) {
    await publishEvent(
      tx,
      stockMoved,
      {
        balanceId: locked.get(m.materialId)!.balanceId,
        workId: context.workId,
        materialId: m.materialId,
        kind: m.kind,
        date: context.date,
        quantity: quantityText(m.quantity),
        amount: moneyText(m.amount),
        balance: quantityText(m.balance),
        consumptionId: context.consumptionId ?? null,
        transferId: context.transferId ?? null,
        countId: context.countId ?? null,
        orderId: context.orderId ?? null,
      },
      context.actorId,
    );
  }
  return movements;
}

/** What the work holds of each material now, locked until the transaction ends (a count's application). */
export async function holdingsOf(tx: Tx, workId: number, known: ReadonlyMap<number, MaterialInfo>): Promise<Map<number, Holding>> {
  const locked = await lockHoldings(tx, workId, known, false);
  return new Map([...known.keys()].map((id) => [id, locked.get(id) ?? EMPTY]));
}
