import { asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  businessToday,
  formatDay,
  getResource,
  notFoundMessage,
  REGISTRY_MESSAGES,
  registryCutsResource,
  type CloseCutInput,
  type CutTotals,
  type CutWorkSummary,
  type RegistryCut,
  type RegistryMovement,
} from '@goc/contracts';
import type { Executor } from '../../db/client';
import { registrationStatuses, registryCuts, registryMovements, works } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { StatusAction } from '../../lib/crud/service';
import { tableLabel } from '../../lib/crud/source';
import type { ResourceBinding } from '../../lib/crud/types';
import type { ExportColumn } from '../../lib/export/format';
import { cellValue, NUMBER_FORMATS } from '../../lib/export/xlsx';

/*
 * Weekly cuts on the resource mechanism (list, export, get, history), decorated with their totals and
 * their summary per work; closing is the one write, through the mechanism's guarded update.
 */

const count = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})::int`;

async function totalsOf(executor: Executor, cutIds: number[]): Promise<Map<number, CutTotals>> {
  const totals = new Map<number, CutTotals>();
  for (const id of cutIds) {
    totals.set(id, { movements: 0, altas: 0, bajas: 0, modificaciones: 0, oficina: 0, obra: 0, late: 0, byRegistrationStatus: [] });
  }
  if (cutIds.length === 0) return totals;
  const m = registryMovements;
  const rows = await executor
    .select({
      cutId: m.cutId,
      movements: sql<number>`count(*)::int`,
      altas: count(sql`${m.type} = 'alta'`),
      bajas: count(sql`${m.type} = 'baja'`),
      modificaciones: count(sql`${m.type} = 'modificacion_salario'`),
      oficina: count(sql`${m.scope} = 'oficina'`),
      obra: count(sql`${m.scope} = 'obra'`),
      late: count(sql`${m.late}`),
    })
    .from(m)
    .where(inArray(m.cutId, cutIds))
    .groupBy(m.cutId);
  for (const { cutId, ...row } of rows) Object.assign(totals.get(cutId) ?? {}, row);
  const byStatus = await executor
    .select({
      cutId: m.cutId,
      id: registrationStatuses.id,
      code: registrationStatuses.code,
      name: registrationStatuses.name,
      color: registrationStatuses.color,
      count: sql<number>`count(*)::int`,
    })
    .from(m)
    .innerJoin(registrationStatuses, eq(registrationStatuses.id, m.registrationStatusId))
    .where(inArray(m.cutId, cutIds))
    .groupBy(m.cutId, registrationStatuses.id)
    .orderBy(asc(registrationStatuses.sortOrder), asc(registrationStatuses.id));
  for (const { cutId, ...status } of byStatus) totals.get(cutId)?.byRegistrationStatus.push(status);
  return totals;
}

async function worksOf(executor: Executor, cutIds: number[]): Promise<Map<number, CutWorkSummary[]>> {
  const summaries = new Map<number, CutWorkSummary[]>(cutIds.map((id) => [id, []]));
  if (cutIds.length === 0) return summaries;
  const m = registryMovements;
  const rows = await executor
    .select({
      cutId: m.cutId,
      workId: works.id,
      label: sql<string>`${tableLabel(getResource('works'), works)}`,
      altas: count(sql`${m.type} = 'alta'`),
      bajas: count(sql`${m.type} = 'baja'`),
      modificaciones: count(sql`${m.type} = 'modificacion_salario'`),
      late: count(sql`${m.late}`),
    })
    .from(m)
    .leftJoin(works, eq(works.id, m.workId))
    .where(inArray(m.cutId, cutIds))
    .groupBy(m.cutId, works.id)
    // Office movements (no work) first, then works by code.
    .orderBy(asc(m.cutId), sql`${works.id} is not null`, asc(works.code));
  for (const { cutId, workId, label, ...counts } of rows) {
    summaries.get(cutId)?.push({ work: workId === null ? null : { id: workId, label }, ...counts });
  }
  return summaries;
}

export const cutsBinding: ResourceBinding<typeof registryCutsResource, typeof registryCuts> = {
  declaration: registryCutsResource,
  table: registryCuts,
  routes: { create: false, update: false, delete: false },
  optionConsumers: [
    { module: 'registry_office', action: 'view' },
    { module: 'registry_works', action: 'view' },
  ],
  hooks: {
    async decorate(executor, entities) {
      const ids = entities.map((e) => e.id);
      const [totals, summaries] = await Promise.all([totalsOf(executor, ids), worksOf(executor, ids)]);
      for (const entity of entities) {
        Object.assign(entity, { totals: totals.get(entity.id), works: summaries.get(entity.id) ?? [] });
      }
    },
  },
};

/**
 * A cut's week. Its columns are never null; the entity schema's read-only fields are nullable, so
 * the check is made once, here.
 */
export function weekOf(cut: RegistryCut): { id: number; label: string; start: string; end: string } {
  const { id, label, startDate, endDate } = cut;
  if (label === null || startDate === null || endDate === null) throw new Error(`cut ${id} has no week`);
  return { id, label, start: startDate, end: endDate };
}

/** Closing (POST /registry/cuts/:id/close): once, and the current week only after it ends unless forced. */
export const closeCut: StatusAction<RegistryCut, CloseCutInput> = async ({ before, input, actor }) => {
  if (before.status === 'cerrado') throw new ConflictError(REGISTRY_MESSAGES.cutAlreadyClosed);
  const now = new Date();
  const { end } = weekOf(before);
  if (!input.force && businessToday(now) <= end) throw new ConflictError(REGISTRY_MESSAGES.cutNotOver(end));
  return { values: { status: 'cerrado', closedAt: now, closedById: actor.userId }, status: { from: before.status, to: 'cerrado' } };
};

/**
 * 404 unless the cut exists. The movements list asks only this: reading the cut through the mechanism
 * would also aggregate its totals and summary per work over every movement, on every page.
 */
export async function assertCutExists(executor: Executor, id: number): Promise<void> {
  const [cut] = await executor.select({ id: registryCuts.id }).from(registryCuts).where(eq(registryCuts.id, id));
  if (!cut) throw new NotFoundError(notFoundMessage(registryCutsResource.nouns));
}

/** The movements of one cut (every scope), for its lists and exports. */
export const withinCut = (cutId: number) => eq(registryMovements.cutId, cutId);

/** A cut's workbook: a summary sheet (week, status, totals, per work) and its movements sheet. */
export async function cutWorkbook(cut: RegistryCut, columns: readonly ExportColumn<RegistryMovement>[], batches: AsyncIterable<RegistryMovement[]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const summary = book.addWorksheet('Resumen');
  summary.columns = [{ width: 34 }, { width: 14 }, { width: 14 }, { width: 16 }, { width: 14 }];
  const { totals } = cut;
  const week = weekOf(cut);
  const rows: (string | number)[][] = [
    ['Corte semanal', week.label],
    ['Semana', `${formatDay(week.start)} – ${formatDay(week.end)}`],
    ['Estatus', cut.status === 'cerrado' ? 'Cerrado' : 'Abierto'],
    [],
    ['Movimientos', totals.movements],
    ['Altas', totals.altas],
    ['Bajas', totals.bajas],
    ['Modificaciones de salario', totals.modificaciones],
    ['Oficina', totals.oficina],
    ['Obra', totals.obra],
    ['Fuera de plazo', totals.late],
    ...totals.byRegistrationStatus.map((s) => [`Estatus de alta: ${s.name}`, s.count]),
    [],
    ['Obra', 'Altas', 'Bajas', 'Modificaciones', 'Fuera de plazo'],
    ...cut.works.map((w) => [w.work?.label ?? 'Oficina', w.altas, w.bajas, w.modificaciones, w.late]),
  ];
  for (const row of rows) summary.addRow(row);
  summary.getColumn(1).font = { bold: true };

  const sheet = book.addWorksheet('Movimientos', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? Math.min(Math.max(c.header.length + 2, c.kind === 'text' ? 18 : 12), 60),
    ...(NUMBER_FORMATS[c.kind] ? { style: { numFmt: NUMBER_FORMATS[c.kind] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const batch of batches) for (const row of batch) sheet.addRow(columns.map((c) => cellValue(c, row)));
  return Buffer.from(await book.xlsx.writeBuffer());
}
