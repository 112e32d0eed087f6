import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type ImportReport } from '@goc/contracts';
import { auditLog, domainEvents, materials, users } from '../../src/db/schema';
import { BatchRefusal } from '../../src/lib/crud/batch';
import type { ResourceService } from '../../src/lib/crud/service';
import type { Actor } from '../../src/lib/crud/types';
import type { Tx } from '../../src/db/client';
import { AppError } from '../../src/lib/errors';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { csv, upload } from './support';

/*
 * The import writes in batches (crud/batch.ts): the records, audit rows, domain events and refusals
 * must be those of the single create / update the forms use, record after record.
 */

type Row = Record<string, unknown>;

interface Outcome {
  saved: Row[];
  refusal: { index: number; statusCode: number; message: string; fields: Record<string, string> | undefined } | null;
}

class Rollback extends Error {}

describe('batched writes', () => {
  let t: TestApp;
  let actor: Actor;
  let materialsService: ResourceService;
  let suppliersService: ResourceService;
  let pza: number;
  let kg: number;
  let oldUnit: number;
  let steel: number;
  let copper: number;

  const parse = (service: ResourceService, kind: 'createInput' | 'updateInput', input: Row) =>
    (service.resource.schemas as Record<typeof kind, z.ZodType>)[kind].parse(input) as Row;

  /** Runs the writes in one transaction, kept only when asked and nothing was refused. */
  async function inTransaction(run: (tx: Tx) => Promise<Outcome>, keep: boolean): Promise<Outcome> {
    let outcome: Outcome | undefined;
    try {
      await t.db.transaction(async (tx) => {
        outcome = await run(tx);
        if (!keep || outcome.refusal) throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    return outcome!;
  }

  const refusalOf = (index: number, error: AppError) => ({ index, statusCode: error.statusCode, message: error.message, fields: error.fields });

  /** The single writes in order, as the import used to run them: the saved entities, or where the first refusal stopped them. */
  const singly = (steps: readonly ((tx: Tx) => Promise<{ entity: Row }>)[], keep = false) =>
    inTransaction(async (tx) => {
      const saved: Row[] = [];
      for (const [index, step] of steps.entries()) {
        try {
          saved.push((await step(tx)).entity);
        } catch (error) {
          if (error instanceof AppError) return { saved, refusal: refusalOf(index, error) };
          throw error;
        }
      }
      return { saved, refusal: null };
    }, keep);

  const batched = (write: (tx: Tx) => Promise<{ entity: Row }[]>, keep = false) =>
    inTransaction(async (tx) => {
      try {
        return { saved: (await write(tx)).map((s) => s.entity), refusal: null };
      } catch (error) {
        if (error instanceof BatchRefusal) return { saved: [], refusal: refusalOf(error.index, error.error) };
        throw error;
      }
    }, keep);

  /** Audit rows and events of these records, in id order, with the record named by its place in `ids` and the given words replaced. */
  async function trail(entity: string, ids: readonly number[], words: Record<string, string>) {
    const place = (id: number | null) => ids.indexOf(Number(id));
    const swap = (value: unknown) => JSON.parse(Object.entries(words).reduce((text, [from, to]) => text.split(from).join(to), JSON.stringify(value))) as unknown;
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), inArray(auditLog.entityId, [...ids])))
      .orderBy(asc(auditLog.id));
    const events = await t.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.resource, entity), inArray(domainEvents.recordId, [...ids])))
      .orderBy(asc(domainEvents.id));
    return {
      audit: audit.map((a) => ({ record: place(a.entityId), userId: a.userId, action: a.action, changes: swap(a.changes), ip: a.ip, metadata: a.metadata })),
      events: events.map((e) => ({ record: place(e.recordId), type: e.type, actorId: e.actorId, fromStatus: e.fromStatus, toStatus: e.toStatus, changes: swap(e.changes), metadata: e.metadata })),
    };
  }

  const withoutStamps = (entity: Row, words: Record<string, string>) => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = entity;
    return JSON.parse(Object.entries(words).reduce((text, [from, to]) => text.split(from).join(to), JSON.stringify(rest))) as unknown;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    actor = { userId: admin!.id, ip: '10.0.0.9', permissions: [] };
    materialsService = t.app.resources.get('materials')!;
    suppliersService = t.app.resources.get('suppliers')!;
    const units = t.app.resources.get('units')!;
    const categories = t.app.resources.get('materialCategories')!;
    const make = async (service: ResourceService, input: Row) => Number((await service.create(t.db, actor, parse(service, 'createInput', input))).entity.id);
    pza = await make(units, { abbreviation: 'pza', name: 'Pieza' });
    kg = await make(units, { abbreviation: 'kg', name: 'Kilogramo' });
    oldUnit = await make(units, { abbreviation: 'vj', name: 'Unidad vieja', active: false });
    steel = await make(categories, { name: 'Acero' });
    copper = await make(categories, { name: 'Cobre' });
  });
  afterAll(async () => t?.close());

  const material = (tag: string, n: number, extra: Row = {}) => ({
    code: `${tag}-${n}`,
    name: `Material ${tag} ${n}`,
    description: n % 2 ? null : `Descripción ${n}`,
    materialCategoryId: n % 2 ? steel : copper,
    unitId: n % 3 ? pza : kg,
    referencePrice: n + 0.5,
    ...extra,
  });
  const supplier = (tag: string, n: number, categories: number[]) => ({
    name: `Proveedor ${tag} ${n}`,
    rfc: `${tag}A0${n}0101AB${n}`,
    materialCategoryIds: categories,
  });

  it('creates and updates materials and suppliers (their categories too) exactly as create and update one by one do', async () => {
    const words = { 'SIN-': 'X-', 'LOT-': 'X-', 'Material SIN': 'Material X', 'Material LOT': 'Material X', 'Proveedor SIN': 'Proveedor X', 'Proveedor LOT': 'Proveedor X', SINA0: 'XA0', LOTA0: 'XA0' };
    for (const [service, make, edit] of [
      [materialsService, (tag: string, n: number) => material(tag, n), (n: number) => ({ referencePrice: n * 2, unitId: n % 2 ? kg : pza, description: null })],
      [suppliersService, (tag: string, n: number) => supplier(tag, n, n % 2 ? [steel] : [steel, copper]), (n: number) => ({ materialCategoryIds: n % 2 ? [copper] : [], contactName: `Contacto ${n}` })],
    ] as const) {
      const inputs = (tag: string) => [1, 2, 3, 4, 5].map((n) => parse(service, 'createInput', make(tag, n)));
      const single = await singly(inputs('SIN').map((input) => (tx: Tx) => service.create(tx, actor, input)), true);
      const batch = await batched((tx) => service.createMany(tx, actor, inputs('LOT')), true);
      expect(single.refusal).toBeNull();
      expect(batch.refusal).toBeNull();
      expect(batch.saved.map((e) => withoutStamps(e, words))).toEqual(single.saved.map((e) => withoutStamps(e, words)));

      const updates = (saved: Row[]) => saved.map((e, n) => ({ id: Number(e.id), input: parse(service, 'updateInput', { ...edit(n + 1), version: e.version }) }));
      const singleUpdated = await singly(updates(single.saved).map(({ id, input }) => (tx: Tx) => service.update(tx, actor, id, input)), true);
      const batchUpdated = await batched((tx) => service.updateMany(tx, actor, updates(batch.saved)), true);
      expect(batchUpdated.refusal).toBeNull();
      expect(batchUpdated.saved.map((e) => withoutStamps(e, words))).toEqual(singleUpdated.saved.map((e) => withoutStamps(e, words)));

      const key = service.resource.key;
      const singleTrail = await trail(key, single.saved.map((e) => Number(e.id)), words);
      const batchTrail = await trail(key, batch.saved.map((e) => Number(e.id)), words);
      expect(singleTrail.audit.map((a) => a.action)).toEqual([...Array(5).fill('create'), ...Array(5).fill('update')]);
      expect(singleTrail.events.map((e) => e.type)).toEqual([...Array(5).fill('record.created'), ...Array(5).fill('record.updated')]);
      expect(batchTrail).toEqual(singleTrail);
    }
  });

  it('refuses the record a run of single writes stops at, with the same answer', async () => {
    await materialsService.create(t.db, actor, parse(materialsService, 'createInput', material('GU', 1, { name: 'Material guardado' })));
    const cases: { name: string; rows: Row[] }[] = [
      { name: 'a code repeated in the batch', rows: [material('RS', 1), material('RS', 2), material('RS', 3, { code: 'rs-1' })] },
      { name: 'an inactive unit', rows: [material('RS', 1), material('RS', 2, { unitId: oldUnit })] },
      { name: 'a unit that does not exist', rows: [material('RS', 1, { unitId: 999_999 }), material('RS', 2)] },
      { name: 'a name already stored', rows: [material('RS', 1), material('RS', 2, { name: 'material GUARDADO' })] },
    ];
    for (const { name, rows } of cases) {
      const inputs = rows.map((r) => parse(materialsService, 'createInput', r));
      const single = await singly(inputs.map((input) => (tx: Tx) => materialsService.create(tx, actor, input)));
      const batch = await batched((tx) => materialsService.createMany(tx, actor, inputs));
      expect(single.refusal, name).not.toBeNull();
      expect(batch.refusal, name).toEqual(single.refusal);
    }
  });

  it('lets an update take a code an earlier update of the batch gave up, and refuses one a later update would give up, as single updates do', async () => {
    const created = await batched((tx) => materialsService.createMany(tx, actor, [material('SW', 1), material('SW', 2)].map((r) => parse(materialsService, 'createInput', r))), true);
    const rename = (entity: Row, code: string) => ({ id: Number(entity.id), input: parse(materialsService, 'updateInput', { code, version: entity.version }) });
    const [a, b] = created.saved as [Row, Row];
    const steps = (updates: ReturnType<typeof rename>[]) => updates.map(({ id, input }) => (tx: Tx) => materialsService.update(tx, actor, id, input));

    const freed = [rename(a, 'SW-9'), rename(b, 'SW-1')];
    const single = await singly(steps(freed));
    const batch = await batched((tx) => materialsService.updateMany(tx, actor, freed));
    expect(single.refusal).toBeNull();
    expect(batch.refusal).toBeNull();
    expect(batch.saved.map((e) => e.code)).toEqual(['SW-9', 'SW-1']);

    const taken = [rename(a, 'SW-2'), rename(b, 'SW-5')];
    const singleTaken = await singly(steps(taken));
    const batchTaken = await batched((tx) => materialsService.updateMany(tx, actor, taken));
    expect(singleTaken.refusal).toMatchObject({ index: 0, statusCode: 409, message: 'Ya existe un material con clave «SW-2»' });
    expect(batchTaken.refusal).toEqual(singleTaken.refusal);
  });

  it('a refusal in the last batch of an import leaves nothing written: no record, audit row or event', async () => {
    const token = (await login(t.app)).token;
    const headers = ['Clave', 'Nombre', 'Categoría de materiales', 'Unidad'];
    const rows = Array.from({ length: 1_200 }, (_, i) => [`ULT-${i}`, `Material último ${i}`, 'Acero', 'pza']);
    // Another writer takes the last row's code after the checks (simulated by the index's answer).
    await t.db.execute(sql`create function goc_test_taken() returns trigger language plpgsql as $$
      begin
        raise unique_violation using constraint = 'materials_code_lower_uq', detail = 'Key (lower(code))=(ult-1199) already exists.';
      end $$`);
    await t.db.execute(sql`create trigger goc_test_taken before insert on materials for each row when (new.code = 'ULT-1199') execute function goc_test_taken()`);
    const count = async () => ({
      materials: (await t.db.select({ n: sql<number>`count(*)::int` }).from(materials))[0]!.n,
      audit: (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n,
      events: (await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents))[0]!.n,
    });
    const before = await count();
    try {
      const res = await upload(t.app, token, '/materials', 'ultimo.csv', Buffer.from(csv(headers, rows)), { mode: 'commit' });
      expect(res.statusCode).toBe(422);
      expect((res.json() as ImportReport).errors).toEqual([{ row: 1201, column: 'Clave', value: 'ULT-1199', message: 'Ya existe un material con clave «ULT-1199»', record: expect.stringMatching(/^ULT-1199/) as unknown as string }]);
      expect(await count()).toEqual(before);
    } finally {
      await t.db.execute(sql`drop trigger goc_test_taken on materials`);
      await t.db.execute(sql`drop function goc_test_taken()`);
    }
  });
});
