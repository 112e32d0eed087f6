import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@goc/contracts';
import { registryCuts, registryMovements, suppliers } from '../../src/db/schema';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { ATTACHMENTS, pdf, upload } from './support';

/*
 * Documents of a personnel movement follow the movement's scope (registry_office / registry_works),
 * closed cuts included: the IMSS receipt arrives after the cut is closed. And a catalogue row takes
 * them with its edit permission, losing them when it is deleted.
 */

let t: TestApp;
let movementId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  const roles = {
    office: await createRole(t.db, 'RH oficina docs', { registry_office: ['view', 'create', 'edit'] }),
    officeReader: await createRole(t.db, 'RH oficina lector docs', { registry_office: ['view'] }),
    field: await createRole(t.db, 'RH obras docs', { registry_works: ['view', 'create', 'edit'] }),
    suppliers: await createRole(t.db, 'Proveedores docs', { config_suppliers: ['view', 'create', 'edit', 'delete'] }),
  };
  for (const [name, roleId] of Object.entries(roles)) {
    const user = await createUser(t.app, { roleId });
    tokens[name] = (await login(t.app, user.username, user.password)).token;
  }
  const [movement] = await t.db.select({ id: registryMovements.id, cutId: registryMovements.cutId }).from(registryMovements).where(eq(registryMovements.scope, 'oficina')).limit(1);
  movementId = movement!.id;
  await t.db.update(registryCuts).set({ status: 'cerrado', closedAt: new Date() }).where(eq(registryCuts.id, movement!.cutId!));
});

afterAll(() => t.close());

describe('a movement in a closed cut', () => {
  it('takes the IMSS receipt from HR of its scope; a reader may read but not add; another scope does not see it', async () => {
    const acuse = await upload(t.app, tokens.office!, { resource: 'movements', recordId: movementId }, { name: 'acuse-imss.pdf', data: pdf(3000, 'acuse') });
    expect(acuse.statusCode, acuse.body).toBe(201);
    const reader = await upload(t.app, tokens.officeReader!, { resource: 'movements', recordId: movementId }, { name: 'otro.pdf', data: pdf(3000, 'otro') });
    expect(reader.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: `${ATTACHMENTS}?resource=movements&recordId=${movementId}`, headers: bearer(tokens.officeReader!) });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: Attachment[] }).items.map((i) => i.fileName)).toEqual(['acuse-imss.pdf']);
    const otherScope = await t.app.inject({ method: 'GET', url: `${ATTACHMENTS}?resource=movements&recordId=${movementId}`, headers: bearer(tokens.field!) });
    expect(otherScope.statusCode).toBe(404);
  });
});

describe('a catalogue row', () => {
  it('takes documents with its edit permission and loses them when it is deleted', async () => {
    const [supplier] = await t.db.insert(suppliers).values({ name: 'Aceros Docs SA', rfc: 'ADO010101AB1' }).returning({ id: suppliers.id, version: suppliers.version });
    const doc = await upload(t.app, tokens.suppliers!, { resource: 'suppliers', recordId: supplier!.id }, { name: 'constancia.pdf', data: pdf(2000, 'constancia') });
    expect(doc.statusCode, doc.body).toBe(201);
    const noRight = await upload(t.app, tokens.office!, { resource: 'suppliers', recordId: supplier!.id }, { name: 'x.pdf', data: pdf(2000, 'x') });
    expect(noRight.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v2/suppliers/${supplier!.id}`, headers: bearer(tokens.suppliers!) });
    expect(del.statusCode, del.body).toBe(204);
    const content = await t.app.inject({ method: 'GET', url: `${ATTACHMENTS}/${(doc.json() as Attachment).id}/content`, headers: bearer(tokens.suppliers!) });
    expect(content.statusCode).toBe(404);
  });
});
