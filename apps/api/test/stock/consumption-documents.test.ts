import { businessToday, type AttachmentList } from '@goc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterDelivery } from '../../src/modules/stock/service';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API } from '../catalogs/support';
import { ATTACHMENTS, pdf, photo, upload } from '../attachments/support';
import { stockFixtures } from './fixtures';

/*
 * Documents on a salida (docs/stock.md): the photos of what was taken and the signed vale hang on
 * the salida through the shared attachments mechanism, which the stock manifest joins
 * (`attachables`). Who records salidas adds them; `stock` edit manages everyone's. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */

const TARGET = 'stock-consumptions';

let t: TestApp;
let admin: string;
let residente: string; // stock view + create
let otherResidente: string; // stock view + create
let viewer: string; // stock view
let outsider: string; // no stock flags
let consumptionId: number;
let kardexUrl: string;

async function tokenFor(name: string, grants: Parameters<typeof createRole>[2]): Promise<string> {
  const user = await createUser(t.app, { roleId: await createRole(t.db, name, grants) });
  return (await login(t.app, user.username, user.password)).token;
}

const documents = (token: string, recordId = consumptionId) =>
  t.app.inject({ method: 'GET', url: `${ATTACHMENTS}?resource=${TARGET}&recordId=${recordId}`, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  residente = await tokenFor('Residente A', { stock: ['view', 'create'] });
  otherResidente = await tokenFor('Residente B', { stock: ['view', 'create'] });
  viewer = await tokenFor('Consulta de almacén', { stock: ['view'] });
  outsider = await tokenFor('Sin almacén', { works: ['view'] });
  const fx = await stockFixtures(t.db, ['en_ejecucion'], ['Cemento gris']);
  kardexUrl = `${API}/stock/kardex?workId=${fx.works[0]!.id}&materialId=${fx.materials[0]!.id}`;
  await enterDelivery(t.db, {
    key: 'documents-test:1',
    orderId: 1,
    workId: fx.works[0]!.id,
    date: businessToday(),
    folio: 'PED-D1',
    lines: [{ lineId: 1, materialId: fx.materials[0]!.id, quantity: 20, unitPriceCents: 25_000 }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/stock/consumptions`,
    headers: bearer(residente),
    payload: { workId: fx.works[0]!.id, date: businessToday(), concept: 'Losa nivel 2', receivedBy: 'Cuadrilla Pérez', lines: [{ materialId: fx.materials[0]!.id, quantity: 5 }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  consumptionId = res.json().id;
});

afterAll(() => t.close());

describe('documents on a salida', () => {
  it('a salida is a record of its own: listed and read by whoever reads the store', async () => {
    const one = await t.app.inject({ method: 'GET', url: `${API}/stock/consumptions/${consumptionId}`, headers: bearer(viewer) });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: consumptionId, concept: 'Losa nivel 2', receivedBy: 'Cuadrilla Pérez' });
    const list = await t.app.inject({ method: 'GET', url: `${API}/stock/consumptions`, headers: bearer(viewer) });
    expect(list.json().items.map((c: { id: number }) => c.id)).toContain(consumptionId);
    expect((await t.app.inject({ method: 'GET', url: `${API}/stock/consumptions/${consumptionId}`, headers: bearer(outsider) })).statusCode).toBe(403);
  });

  it('the kardex names the salida of each consumo movement (where the SPA opens its documents)', async () => {
    const res = await t.app.inject({ method: 'GET', url: kardexUrl, headers: bearer(viewer) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { items: { kind: string; consumptionId: number | null }[] }).items.map((m) => [m.kind, m.consumptionId])).toEqual([
      ['entrada', null],
      ['consumo', consumptionId],
    ]);
  });

  it('takes a photo and the signed vale from who records salidas; readers see them, others do not', async () => {
    const shot = await upload(t.app, residente, { resource: TARGET, recordId: consumptionId }, { name: 'material-entregado.jpg', data: await photo(800, 600) }, 'Lo que se llevó la cuadrilla');
    expect(shot.statusCode, shot.body).toBe(201);
    const vale = await upload(t.app, residente, { resource: TARGET, recordId: consumptionId }, { name: 'vale-firmado.pdf', data: pdf() });
    expect(vale.statusCode, vale.body).toBe(201);

    const seen = await documents(viewer);
    expect(seen.statusCode).toBe(200);
    const list = seen.json() as AttachmentList;
    expect(list.items.map((d) => d.fileName).sort()).toEqual(['material-entregado.jpg', 'vale-firmado.pdf']);
    expect(list.items.find((d) => d.fileName.endsWith('.jpg'))!.hasThumbnail).toBe(true);
    expect(list.canUpload).toBe(false);
    expect((await documents(residente)).json().canUpload).toBe(true);

    expect((await upload(t.app, viewer, { resource: TARGET, recordId: consumptionId }, { name: 'otra.pdf', data: pdf() })).statusCode).toBe(403);
    expect((await documents(outsider)).statusCode).toBe(403);
    expect((await documents(admin, consumptionId + 1000)).statusCode).toBe(404);
  });

  it('the uploader or stock edit removes a document; another residente cannot', async () => {
    const list = (await documents(otherResidente)).json() as AttachmentList;
    const [first, second] = list.items;
    expect(list.items.every((d) => !d.canDelete)).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${first!.id}`, headers: bearer(otherResidente) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${first!.id}`, headers: bearer(residente) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${second!.id}`, headers: bearer(admin) })).statusCode).toBe(204);
    expect((await documents(viewer)).json().items).toEqual([]);
  });

  it('the salida’s history tells its creation and each document added and removed', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/stock/consumptions/${consumptionId}/history`, headers: bearer(viewer) });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json() as { action: string; changes: Record<string, { old: unknown; new: unknown }> }[];
    expect(entries.map((e) => e.action).sort()).toEqual(['attachment.create', 'attachment.create', 'attachment.delete', 'attachment.delete', 'create']);
    expect(entries.find((e) => e.action === 'create')!.changes.concept).toEqual({ old: null, new: 'Losa nivel 2' });
  });
});
