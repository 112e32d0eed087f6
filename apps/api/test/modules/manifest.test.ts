import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { defineEvent, defineResource, f, type EventPayload, type OrderEntity, type ordersResource } from '@goc/contracts';
import { APP_MODULES } from '../../src/app-modules';
import { editableAttachable } from '../../src/lib/attachable';
import type { ResourceService } from '../../src/lib/crud/service';
import { publishEvent } from '../../src/lib/events/typed';
import { visibleTo } from '../../src/lib/notify';
import { usersWithPermission } from '../../src/lib/permissions';
import { registerResourceRoutes } from '../../src/lib/crud/routes';
import { ConfigError, loadConfig } from '../../src/config';
import { defineConfig, defineModule, type AnyApiModule } from '../../src/lib/modules';
import { picksFrom } from '../../src/lib/option-readers';
import projects from '../../src/modules/projects';
import orders from '../../src/modules/orders';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { upload } from '../attachments/support';
import { API, apiFor, created, listUrl, type Api } from '../catalogs/support';

/*
 * A module is one folder plus one line in the module list: this throw-away module (the walk-through
 * of docs/architecture.md, "Adding a module") declares a resource on its own table, a reference to a
 * catalogue and a need of another module's service, and the app built with it serves it like any other.
 * Its manifest also joins the shared capabilities without any central file edited: its notes take
 * documents, it publishes a typed event (offered to webhooks, received parsed by its own subscriber),
 * notifies the people who may read a flagged note and lets whoever writes notes read the units' options.
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

/** The module's typed event: a note flagged for the people of the works (its contracts would hold it). */
const siteNoteFlagged = defineEvent({
  name: 'siteNotes.flagged',
  label: 'nota señalada',
  resource: siteNotesResource.key,
  recordId: (payload) => payload.noteId,
  payload: z.object({ noteId: z.number().int().positive(), title: z.string(), reason: z.string().min(1) }),
});

/** What the module's own subscriber received, parsed by the event's schema. */
const flagged: EventPayload<typeof siteNoteFlagged>[] = [];

declare module '../../src/lib/modules' {
  interface ModuleSettings {
    siteNotes?: { perWork: number };
  }
}

const siteNotesModule = defineModule({
  name: 'site-notes',
  config: defineConfig({
    env: z.object({ GOC_SITE_NOTES_PER_WORK: z.coerce.number({ error: 'GOC_SITE_NOTES_PER_WORK debe ser un número' }).int().default(50) }),
    settings: (e) => ({ siteNotes: { perWork: e.GOC_SITE_NOTES_PER_WORK } }),
  }),
  resources: [{ declaration: siteNotesResource, table: siteNotes }],
  needs: ['works'],
  attachables: [editableAttachable('site-notes', siteNotesResource.key)],
  events: [siteNoteFlagged],
  // Its form picks a unit: whoever may write notes reads the units' options.
  options: [picksFrom('works', 'units')],
  notifications: [
    {
      resource: siteNotesResource.key,
      async drafts(ctx, event) {
        const service = ctx.resources.get(siteNotesResource.key);
        if (event.type !== siteNoteFlagged.name || !service) return [];
        const { title, reason } = siteNoteFlagged.payload.parse(event.metadata);
        const readers = await usersWithPermission(ctx.db, 'works', 'view');
        return (await visibleTo(ctx, service, event.recordId, readers, event.actorId)).map(({ userId }) => ({
          userId,
          // A real module declares its notification types in its contracts navigation (the preferences' rows); this one borrows one.
          type: 'order_status' as const,
          title: `Nota señalada: ${title}`,
          body: reason,
          link: null,
        }));
      },
    },
  ],
  async root(app) {
    app.events.on(siteNoteFlagged, {
      name: 'site-notes.flags',
      handle: async (payload) => {
        flagged.push(payload);
      },
    });
  },
  async routes(app, { works }) {
    registerResourceRoutes(app, { declaration: siteNotesResource, table: siteNotes });
    app.post<{ Params: { id: string }; Body: { reason: string } }>('/site-notes/:id/flag', {
      config: { permission: { module: 'works', action: 'edit' } },
      handler: async (request, reply) => {
        const id = Number(request.params.id);
        await app.db.transaction(async (tx) => {
          const [note] = await tx.update(siteNotes).set({ version: sql`${siteNotes.version} + 1` }).where(eq(siteNotes.id, id)).returning();
          await publishEvent(tx, siteNoteFlagged, { noteId: id, title: note!.title, reason: request.body.reason }, request.user.id);
        });
        return reply.code(204).send();
      },
    });
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

  it('joins documents, typed events, webhooks and notifications from its manifest alone', async () => {
    const note = (await created(admin, '/site-notes', { title: 'Grieta en muro norte' })) as { id: number };
    const token = (await login(t.app)).token;
    const added = await upload(t.app, token, { resource: 'site-notes', recordId: note.id }, { name: 'grieta.txt', data: Buffer.from('foto pendiente') });
    expect(added.statusCode, added.body).toBe(201);
    const listed = await admin.get(`${API}/attachments?resource=site-notes&recordId=${note.id}`);
    expect(listed.json()).toMatchObject({ items: [{ fileName: 'grieta.txt', resource: 'site-notes' }], canUpload: true });
    // A kind of record no manifest declares takes none.
    const undeclared = await admin.get(`${API}/attachments?resource=site-notes-x&recordId=${note.id}`);
    expect(undeclared.statusCode).toBe(400);

    const catalog = (await admin.get(`${API}/webhooks/events`)).json() as { items: { name: string; label: string }[] };
    expect(catalog.items).toContainEqual({ name: 'site-notes.flagged', label: 'Notas de obra: nota señalada' });

    const reader = await createUser(t.app, { roleId: await createRole(t.db, 'Lector de notas', { works: ['view'] }) });
    const readerApi = apiFor(t.app, (await login(t.app, reader.username, reader.password)).token);
    expect((await admin.post(`${API}/site-notes/${note.id}/flag`, { reason: 'Revisar antes del colado' })).statusCode).toBe(204);
    await t.app.events.drain();
    expect(flagged).toEqual([{ noteId: note.id, title: 'Grieta en muro norte', reason: 'Revisar antes del colado' }]);
    const bell = (await readerApi.get(`${API}/notifications`)).json() as { items: { title: string; body: string }[] };
    expect(bell.items).toContainEqual(expect.objectContaining({ title: 'Nota señalada: Grieta en muro norte', body: 'Revisar antes del colado' }));
  });

  it('answers a declared resource’s service typed by its declaration from the app’s registry', async () => {
    const service = t.app.resources.get('orders');
    expectTypeOf(service).toEqualTypeOf<ResourceService<typeof ordersResource> | undefined>();
    const [first] = (await t.db.execute<{ id: number }>(sql`select id from orders order by id limit 1`)).rows;
    const order = await service!.find(t.db, null, first!.id);
    expectTypeOf(order).toEqualTypeOf<OrderEntity | null>();
    expect(order?.folio).toMatch(/\d/);
    // A key no module declares (a shared module reading an event's resource): the untyped service.
    expect(t.app.resources.get('siteNotes')?.resource.key).toBe('siteNotes');
  });

  it('lets the people whose form picks a catalogue read its options, from the manifest alone', async () => {
    const writer = await createUser(t.app, { roleId: await createRole(t.db, 'Captura de notas', { works: ['create'] }) });
    const reader = await createUser(t.app, { roleId: await createRole(t.db, 'Consulta de notas', { works: ['view'] }) });
    const writerApi = apiFor(t.app, (await login(t.app, writer.username, writer.password)).token);
    const readerApi = apiFor(t.app, (await login(t.app, reader.username, reader.password)).token);
    expect((await writerApi.get(`${API}/units/options`)).statusCode).toBe(200);
    // Picking is the manifest's grant, not the catalogue: its list stays closed.
    expect((await writerApi.get(listUrl('/units'))).statusCode).toBe(403);
    expect((await readerApi.get(`${API}/units/options`)).statusCode).toBe(403);
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

  it('grants only its own modules’ option readers: without the notes, writing works reads no units', async () => {
    const writer = await createUser(other.app, { roleId: await createRole(other.db, 'Captura de notas', { works: ['create'] }) });
    const writerApi = apiFor(other.app, (await login(other.app, writer.username, writer.password)).token);
    expect((await writerApi.get(`${API}/units/options`)).statusCode).toBe(403);
  });

  it('names its own OpenAPI schemas: the throw-away module’s are in its app’s document alone', () => {
    const names = (app: typeof t.app) => Object.keys((app.swagger() as { components: { schemas: Record<string, unknown> } }).components.schemas);
    expect(names(t.app)).toEqual(expect.arrayContaining(['SiteNote', 'SiteNotePage', 'Unit']));
    expect(names(other.app)).toContain('Unit');
    expect(names(other.app).filter((name) => name.startsWith('SiteNote'))).toEqual([]);
    const entity = siteNotesResource.schemas.entity;
    expect(t.app.schemaNames.registry.get(entity)?.id).toBe('SiteNote');
    expect(other.app.schemaNames.registry.get(entity)?.id).toBeUndefined();
  });
});

describe('composing the module list', () => {
  const start = (modules: readonly AnyApiModule[]) => t.variant({}, undefined, { modules });

  it('refuses to start when a module needs a service no module provides', async () => {
    await expect(start([projects])).rejects.toThrow('module projects needs the service orders, which no module provides');
  });

  it('refuses to start when two modules provide the same service', async () => {
    await expect(start([orders, orders])).rejects.toThrow('the service orders is provided by both orders and orders');
  });

  it('reads a module’s variables through its manifest’s configuration fragment, listing its invalid ones after the process’s', () => {
    const env = { GOC_JWT_SECRET: 'x'.repeat(32), GOC_DATA_DIR: t.config.dataDir };
    const modules = [...APP_MODULES, siteNotesModule];
    expect(loadConfig(env, modules).siteNotes).toEqual({ perWork: 50 });
    expect(loadConfig({ ...env, GOC_SITE_NOTES_PER_WORK: '7' }, modules).siteNotes).toEqual({ perWork: 7 });
    expect(loadConfig({ ...env, GOC_SITE_NOTES_PER_WORK: '7' }).siteNotes).toBeUndefined();
    let error: unknown;
    try {
      loadConfig({ ...env, PORT: 'ochenta', GOC_SITE_NOTES_PER_WORK: 'muchas' }, modules);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(['PORT: PORT debe ser un número', 'GOC_SITE_NOTES_PER_WORK: GOC_SITE_NOTES_PER_WORK debe ser un número']);
  });
});
