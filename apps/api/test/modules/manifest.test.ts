import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, f } from '@goc/contracts';
import { APP_MODULES } from '../../src/app-modules';
import { registerResourceRoutes } from '../../src/lib/crud/routes';
import { defineModule, type AnyApiModule } from '../../src/lib/modules';
import dashboard from '../../src/modules/dashboard';
import orders from '../../src/modules/orders';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, created, listUrl, type Api } from '../catalogs/support';

/*
 * A module is one folder plus one line in the module list: this throw-away module (the walk-through
 * of docs/architecture.md, "Adding a module") declares a resource on its own table, a reference to a
 * catalogue and a need of another module's service, and the app built with it serves it like any other.
 */

const siteNotes = pgTable('test_site_notes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  unitId: integer('unit_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

const siteNotesResource = defineResource({
  key: 'siteNotes',
  resource: '/site-notes',
  module: 'works',
  nouns: { singular: 'nota de obra', plural: 'notas de obra', article: 'la' },
  fields: {
    title: f.text({ label: 'Título', required: true, maxLength: 120 }),
    unitId: f.reference({ label: 'Unidad', target: 'units', displayKey: 'unit' }),
  },
  label: { fields: ['title'] },
  defaultSort: 'title',
});

const siteNotesModule = defineModule({
  name: 'site-notes',
  resources: [{ declaration: siteNotesResource, table: siteNotes }],
  needs: ['works'],
  async routes(app, { works }) {
    registerResourceRoutes(app, { declaration: siteNotesResource, table: siteNotes });
    app.get('/site-notes/summary', {
      config: { permission: { module: 'works', action: 'view' } },
      handler: async () => ({ notes: (await app.db.select({ id: siteNotes.id }).from(siteNotes)).length, worksInExecution: (await works.budgets(app.db, { status: 'en_ejecucion' })).length }),
    });
  },
});

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ demoData: true, build: { modules: [...APP_MODULES, siteNotesModule] } });
  await t.db.execute(sql`create table test_site_notes (
    id serial primary key,
    title text not null,
    unit_id integer references units(id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`);
  admin = apiFor(t.app, (await login(t.app)).token);
});

afterAll(() => t.close());

describe('an app built from a module list with a throw-away module', () => {
  it('serves the module’s list with its reference joined, and its route with another module’s service', async () => {
    const unit = await created(admin, '/units', { abbreviation: 'nt', name: 'Unidad de notas' });
    await created(admin, '/site-notes', { title: 'Colado de losa', unitId: unit.id });
    const list = await admin.get(listUrl('/site-notes'));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ title: 'Colado de losa', unitId: unit.id, unit: { id: unit.id, label: 'nt' } }] });

    const summary = await admin.get(`${API}/site-notes/summary`);
    const [inExecution] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from works where status = 'en_ejecucion' and active`)).rows;
    expect(summary.json()).toEqual({ notes: 1, worksInExecution: inExecution!.n });
  });

  it('refuses to delete a catalogue row the module’s records use, naming them', async () => {
    const unit = await created(admin, '/units', { abbreviation: 'nt2', name: 'Otra unidad de notas' });
    await created(admin, '/site-notes', { title: 'Cimbra', unitId: unit.id });
    const res = await admin.del(`${API}/units/${unit.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La unidad se usa en 1 nota de obra. Puedes desactivarla en su lugar.');
  });

  it('keeps the module’s routes behind its permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: listUrl('/site-notes') });
    expect(res.statusCode).toBe(401);
  });
});

describe('another app in the same process', () => {
  // A database without the throw-away table, as the next test file's is.
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp();
  });
  afterAll(() => other.close());

  it('knows only its own modules’ resources: no join, check or delete of it reaches the throw-away table', async () => {
    expect(t.app.resourceTables.all().some((r) => r.declaration.key === 'siteNotes')).toBe(true);
    expect(other.app.resourceTables.all().some((r) => r.declaration.key === 'siteNotes')).toBe(false);
    expect(() => other.app.resourceTables.table('siteNotes')).toThrow('resource siteNotes has no table');
    const api = apiFor(other.app, (await login(other.app)).token);
    const unit = await created(api, '/units', { abbreviation: 'nt3', name: 'Unidad sin notas' });
    // Deleting counts the unit's users: with the throw-away module's table among them, a 500.
    const res = await api.del(`${API}/units/${unit.id}`);
    expect(res.statusCode, res.body).toBe(204);
  });
});

describe('composing the module list', () => {
  const start = (modules: readonly AnyApiModule[]) => t.variant({}, undefined, { modules });

  it('refuses to start when a module needs a service no module provides', async () => {
    await expect(start([dashboard])).rejects.toThrow('module dashboard needs the service orders, which no module provides');
  });

  it('refuses to start when two modules provide the same service', async () => {
    await expect(start([orders, orders])).rejects.toThrow('the service orders is provided by both orders and orders');
  });
});
