import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES } from '@goc/contracts';
import { orderStatuses, orders, projectMembers, projects } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, listAll, listUrl, optionsOf, type Api, type Row } from '../catalogs/support';

/*
 * Proyectos through the HTTP API: who sees which projects (mine = manager or member, all = projects
 * edit), that nothing outside the scope leaks through reads, filters or exports, the writes by flag,
 * the delete refused while orders use a project, and the ordered amount against the budget.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const URL = `${API}/projects`;

let t: TestApp;
let ana: Api; // projects view: sees what she manages or belongs to
let anaId: number;
let beto: Api; // projects view, another person
let betoId: number;
let jefe: Api; // projects view + create + edit + delete: may switch to all
let nadie: Api; // no projects flag
let pedidos: Api; // my_orders create, no projects flag: picks a project in the order form
let pedidosId: number;
let workId: number;
let otherWorkId: number;
let managed: Row; // ana manages
let member: Row; // beto manages, ana is a member
let foreign: Row; // beto manages, ana has nothing to do with it

async function createdProject(api: Api, body: Record<string, unknown>): Promise<Row & { id: number; version: number }> {
  const res = await api.post(URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row & { id: number; version: number };
}

async function statusId(code: string): Promise<number> {
  const [row] = await t.db.select({ id: orderStatuses.id }).from(orderStatuses).where(eq(orderStatuses.code, code));
  return row!.id;
}

let folio = 0;
/** Inserts an order and answers its folio. */
async function order(projectId: number, code: string, total: string, work = workId): Promise<string> {
  folio += 1;
  const number = `PED-T${String(folio).padStart(5, '0')}`;
  await t.db.insert(orders).values({
    folio: number,
    workId: work,
    projectId,
    requestedById: anaId,
    requiredDate: '2026-12-01',
    statusId: await statusId(code),
    total,
    lineCount: 1,
  });
  return number;
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  // Without the demo's own projects, so every scope below is exactly the projects made here.
  await t.db.update(orders).set({ projectId: null });
  await t.db.delete(projects);
  const viewer = await createRole(t.db, 'Consulta de proyectos', { projects: ['view'] });
  const boss = await createRole(t.db, 'Jefe de proyectos', { projects: ['view', 'create', 'edit', 'delete'] });
  const none = await createRole(t.db, 'Sin proyectos', { my_orders: ['view'] });
  // Members are listed by name: ana's and beto's usernames give them that order.
  const session = async (roleId: number, username?: string) => {
    const user = await createUser(t.app, { roleId, username });
    return { id: user.id, api: apiFor(t.app, (await login(t.app, user.username, user.password)).token) };
  };
  const a = await session(viewer, 'ana.proyectos');
  ana = a.api;
  anaId = a.id;
  const b = await session(viewer, 'beto.proyectos');
  beto = b.api;
  betoId = b.id;
  jefe = (await session(boss)).api;
  nadie = (await session(none)).api;
  const p = await session(await createRole(t.db, 'Captura de pedidos', { my_orders: ['view', 'create'] }));
  pedidos = p.api;
  pedidosId = p.id;
  const works = await optionsOf(jefe, '/works');
  workId = Number(works[0]!.value);
  otherWorkId = Number(works[1]!.value);
  managed = await createdProject(jefe, { code: 'PRY-001', name: 'Cimentación', workId, managerId: anaId, budget: 1000, progress: 40, status: 'activo' });
  member = await createdProject(jefe, { code: 'PRY-002', name: 'Estructura', workId, managerId: betoId, memberIds: [anaId], budget: 500 });
  foreign = await createdProject(jefe, { code: 'PRY-003', name: 'Fachada secreta', workId: otherWorkId, managerId: betoId, memberIds: [pedidosId], budget: 800 });
});

afterAll(() => t.close());

describe('scope mine and all', () => {
  it('mine (the default) lists the projects the user manages or belongs to, and nothing else', async () => {
    const { rows, total } = await listAll(ana, '/projects');
    expect(rows.map((r) => r.code)).toEqual(['PRY-001', 'PRY-002']);
    expect(total).toBe(2);
    const scoped = await ana.get(`${URL}?scope=mine`);
    expect((scoped.json() as { total: number }).total).toBe(2);
    expect((await listAll(beto, '/projects')).rows.map((r) => r.code)).toEqual(['PRY-002', 'PRY-003']);
  });

  it('all needs projects edit: 403 for a viewer, every project for the editor', async () => {
    const refused = await ana.get(`${URL}?scope=all`);
    expect(refused.statusCode).toBe(403);
    const all = await jefe.get(`${URL}?scope=all`);
    expect((all.json() as { items: Row[] }).items.map((r) => r.code)).toEqual(['PRY-001', 'PRY-002', 'PRY-003']);
    // The editor's own scope stays what they manage or belong to: none of these.
    expect((await jefe.get(URL)).json()).toMatchObject({ total: 0 });
  });

  it('a project outside the scope is 404 on read and history (an editor opens every project)', async () => {
    const read = await ana.get(`${URL}/${foreign.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('No se encontró el proyecto');
    expect((await ana.get(`${URL}/${foreign.id}/history`)).statusCode).toBe(404);
    expect((await ana.get(`${URL}/${member.id}`)).statusCode).toBe(200);
    expect((await ana.get(`${URL}/${managed.id}`)).statusCode).toBe(200);
    expect((await jefe.get(`${URL}/${foreign.id}`)).statusCode).toBe(200);
  });

  it('nothing outside the scope leaks through the search, filters or the export', async () => {
    const searched = await listAll(ana, '/projects', { q: 'secreta' });
    expect(searched.total).toBe(0);
    const filtered = await listAll(ana, '/projects', { filters: { workId: { operator: 'and', constraints: [{ matchMode: 'equals', value: otherWorkId }] } } });
    expect(filtered.total).toBe(0);
    const csv = await ana.get(listUrl('/projects', { format: 'csv' }, '/export'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('PRY-001');
    expect(csv.body).not.toContain('PRY-003');
  });

  it('the picker options follow the same scope: mine for a viewer or an order form, every project for the editor', async () => {
    const codes = async (api: Api, query = '') => {
      const res = await api.get(`${URL}/options?limit=200${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { label: string }[] }).items.map((o) => o.label.split(' · ')[0]);
    };
    expect(await codes(ana)).toEqual(['PRY-001', 'PRY-002']);
    expect(await codes(ana, '&q=secreta')).toEqual([]);
    // The labels of given ids too: an id outside the scope names nothing.
    expect(await codes(ana, `&ids=${foreign.id},${managed.id}`)).toEqual(['PRY-001']);
    expect(await codes(beto)).toEqual(['PRY-002', 'PRY-003']);
    expect(await codes(jefe)).toEqual(['PRY-001', 'PRY-002', 'PRY-003']);
    // An order form without any projects flag picks among the projects the requester manages or belongs to.
    expect(await codes(pedidos)).toEqual(['PRY-003']);
  });

  it('a user without any projects flag is refused', async () => {
    expect((await nadie.get(URL)).statusCode).toBe(403);
  });
});

describe('writes', () => {
  it('creates with members by the create flag and stores them; a viewer may not create', async () => {
    const p = await createdProject(jefe, { code: 'PRY-010', name: 'Instalaciones', workId, managerId: betoId, memberIds: [anaId, betoId], startDate: '2026-01-10', endDate: '2026-06-30' });
    expect(p).toMatchObject({ code: 'PRY-010', memberIds: [anaId, betoId], progress: 0, status: 'planeado', budget: 0, ordered: 0 });
    const links = await t.db.select({ userId: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, p.id));
    expect(links.map((l) => l.userId).sort((x, y) => x - y)).toEqual([anaId, betoId].sort((x, y) => x - y));
    const refused = await ana.post(URL, { code: 'PRY-011', name: 'No', workId, managerId: anaId });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses an end before the start, a progress above 100 and a repeated code, in Spanish', async () => {
    const dates = await jefe.post(URL, { code: 'PRY-020', name: 'Fechas', workId, managerId: anaId, startDate: '2026-05-01', endDate: '2026-04-30' });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().fields).toEqual({ endDate: PROJECT_MESSAGES.endBeforeStart });
    const progress = await jefe.post(URL, { code: 'PRY-021', name: 'Avance', workId, managerId: anaId, progress: 101 });
    expect(progress.statusCode).toBe(400);
    expect(Object.keys(progress.json().fields as object)).toEqual(['progress']);
    const repeated = await jefe.post(URL, { code: 'pry-001', name: 'Otra', workId, managerId: anaId });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().message).toBe('Ya existe un proyecto con clave «pry-001»');
  });

  it('edits by the edit flag with the version; a stale version is refused', async () => {
    const p = await createdProject(jefe, { code: 'PRY-030', name: 'Acabados', workId, managerId: anaId });
    const res = await jefe.patch(`${URL}/${p.id}`, { version: p.version, progress: 75, status: 'activo' });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await t.db.select().from(projects).where(eq(projects.id, p.id));
    expect(stored).toMatchObject({ progress: 75, status: 'activo', version: 2 });
    const stale = await jefe.patch(`${URL}/${p.id}`, { version: p.version, progress: 80 });
    expect(stale.statusCode).toBe(409);
    expect((await ana.patch(`${URL}/${p.id}`, { version: 2, progress: 90 })).statusCode).toBe(403);
  });

  it('refuses to delete a project that orders use, naming them; deletes it once they are gone', async () => {
    const p = await createdProject(jefe, { code: 'PRY-040', name: 'Con pedidos', workId, managerId: anaId });
    const first = await order(p.id, 'borrador', '10.00');
    const second = await order(p.id, 'enviado', '20.00');
    const refused = await jefe.del(`${URL}/${p.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`El proyecto se usa en 2 pedidos (${first} y ${second})`);
    await t.db.delete(orders).where(eq(orders.projectId, p.id));
    expect((await jefe.del(`${URL}/${p.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(projects).where(eq(projects.id, p.id))).toEqual([]);
  });
});

describe('budget against ordered', () => {
  it('sums the totals of the project’s bought, partially delivered and delivered orders only', async () => {
    const p = await createdProject(jefe, { code: 'PRY-050', name: 'Compras', workId, managerId: anaId, budget: 1000 });
    await order(p.id, 'comprado', '100.10');
    await order(p.id, 'entregado_parcial', '200.20');
    await order(p.id, 'entregado', '300.30');
    for (const code of ['borrador', 'enviado', 'autorizado', 'rechazado', 'cancelado']) await order(p.id, code, '999.00');
    const res = await ana.get(`${URL}/${p.id}`);
    expect(res.json()).toMatchObject({ budget: 1000, ordered: 600.6 });
    const listed = await listAll(ana, '/projects', { filters: { code: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'PRY-050' }] } } });
    expect(listed.rows[0]).toMatchObject({ ordered: 600.6 });
  });

  it('sorts and filters by the ordered amount', async () => {
    const res = await jefe.get(
      `${listUrl('/projects', { sort: [{ field: 'ordered', order: 'desc' }], filters: { ordered: { operator: 'and', constraints: [{ matchMode: 'gte', value: 0 }] } } })}&scope=all`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const codes = (res.json() as { items: Row[] }).items.map((r) => r.code);
    expect(codes[0]).toBe('PRY-050');
    const positive = await jefe.get(`${listUrl('/projects', { filters: { ordered: { operator: 'and', constraints: [{ matchMode: 'gt', value: 0 }] } } })}&scope=all`);
    expect((positive.json() as { items: Row[] }).items.map((r) => r.code)).toEqual(['PRY-050']);
  });
});
