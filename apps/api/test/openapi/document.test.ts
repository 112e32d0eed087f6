import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyMayNotReach } from '../../src/lib/api-keys';
import { operationIds, resourceNames } from '../../src/lib/crud/documented';
import { tidyComponents } from '../../src/lib/openapi';
import { createTestApp, type TestApp } from '../helpers/app';

/*
 * The OpenAPI document for integrators (docs/api.md): one stable operationId per operation, named
 * schemas referenced from the operations, `security` that follows each route's access mark, servers.
 * Redocly's recommended ruleset runs on it in `npm run lint` (lint:openapi).
 */

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, Response>;
}
interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
}
interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    responses: Record<string, Response>;
    parameters: Record<string, Record<string, unknown>>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}

let t: TestApp;
let doc: Document;
let operations: Array<{ method: string; path: string; op: Operation }>;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));
});
afterAll(async () => t?.close());

const REF = '#/components/schemas/';
const ref = (id: string) => ({ $ref: `${REF}${id}` });
const json = (op: Operation | undefined, status: string) => op?.responses[status]?.content?.['application/json']?.schema;
const body = (op: Operation | undefined) => op?.requestBody?.content['application/json']?.schema;

function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.push(child);
      else refsIn(child, into);
    }
  }
  return into;
}

describe('operationId', () => {
  it('every operation has one, and no two share it', () => {
    expect(operations.length).toBeGreaterThan(200);
    expect(operations.filter(({ op }) => !op.operationId).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('the CRUD mechanism names each resource from its path; module routes name themselves', () => {
    const idOf = (method: string, path: string) => doc.paths[path]?.[method]?.operationId;
    expect(idOf('get', '/api/v2/materials')).toBe('listMaterials');
    expect(idOf('get', '/api/v2/materials/{id}')).toBe('getMaterial');
    expect(idOf('post', '/api/v2/materials')).toBe('createMaterial');
    expect(idOf('patch', '/api/v2/materials/{id}')).toBe('updateMaterial');
    expect(idOf('delete', '/api/v2/materials/{id}')).toBe('deleteMaterial');
    expect(idOf('get', '/api/v2/materials/options')).toBe('listMaterialOptions');
    expect(idOf('get', '/api/v2/materials/{id}/history')).toBe('getMaterialHistory');
    expect(idOf('post', '/api/v2/materials/import')).toBe('importMaterials');
    expect(idOf('post', '/api/v2/orders')).toBe('createOrder');
    expect(idOf('post', '/api/v2/orders/{id}/transitions')).toBe('transitionOrder');
    expect(idOf('get', '/api/v2/orders/export')).toBe('exportOrders');
    expect(idOf('get', '/api/v2/error-statuses')).toBe('listErrorStatuses');
    expect(idOf('get', '/api/v2/material-categories/{id}')).toBe('getMaterialCategory');
    expect(idOf('get', '/api/v2/registry/wage-parameters')).toBe('listWageParameters');
    expect(idOf('post', '/api/v2/auth/login')).toBe('login');
    expect(idOf('post', '/api/v2/registry/cuts/{id}/close')).toBe('closeCut');
    expect(idOf('get', '/api/v2/orders/{id}/invoices/{invoiceId}/xml')).toBe('getOrderInvoiceXml');
  });

  it('nouns: English plural of the last path segment, singular by rule', () => {
    expect(resourceNames({ resource: '/registry/wage-parameters' })).toEqual({ singular: 'WageParameter', plural: 'WageParameters' });
    expect(resourceNames({ resource: '/categories' })).toEqual({ singular: 'Category', plural: 'Categories' });
    expect(resourceNames({ resource: '/stamp-statuses' })).toEqual({ singular: 'StampStatus', plural: 'StampStatuses' });
    expect(operationIds({ resource: '/works' })).toMatchObject({ list: 'listWorks', get: 'getWork', options: 'listWorkOptions' });
  });
});

describe('named schemas', () => {
  it('a resource, its bodies, its list page and the errors are components the operations refer to', () => {
    const list = doc.paths['/api/v2/materials']!;
    const one = doc.paths['/api/v2/materials/{id}']!;
    expect(json(list.get, '200')).toEqual(ref('MaterialPage'));
    expect(doc.components.schemas.MaterialPage!.properties).toMatchObject({ items: { type: 'array', items: ref('Material') } });
    expect(json(one.get, '200')).toEqual(ref('Material'));
    expect(body(list.post)).toEqual(ref('MaterialCreate'));
    expect(json(list.post, '201')).toEqual(ref('MaterialSaved'));
    expect(body(one.patch)).toEqual(ref('MaterialUpdate'));
    expect(one.delete!.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(doc.components.responses.Conflict).toEqual({
      description: 'Conflicto: el registro cambió desde que se leyó (versión) o lo usan otros registros',
      content: { 'application/json': { schema: ref('ApiError') } },
    });
    expect(json(doc.paths['/api/v2/orders/{id}']!.get, '200')).toEqual(ref('OrderDetail'));
    expect(body(doc.paths['/api/v2/orders/{id}/transitions']!.post)).toEqual(ref('OrderTransition'));
    expect(json(doc.paths['/api/v2/registry/cuts/{id}/movements']!.get, '200')).toEqual(ref('MovementPage'));
    expect(doc.components.schemas.ApiError).toMatchObject({
      type: 'object',
      required: ['statusCode', 'error', 'message'],
      properties: { fields: { type: 'object', additionalProperties: { type: 'string' } } },
    });
  });

  it('every response says what its status means (none left as «Default Response»); errors share named responses', () => {
    const RESPONSES = '#/components/responses/';
    const shared = (r: Response) => (r.$ref ? doc.components.responses[r.$ref.slice(RESPONSES.length)] : r);
    const responses = operations.flatMap(({ op }) => Object.values(op.responses).map(shared));
    expect(responses.filter((r) => !r?.description || r.description === 'Default Response')).toEqual([]);
    expect(doc.paths['/api/v2/materials/{id}']!.delete!.responses['204']!.description).toBe('Eliminado');
    expect(Object.keys(doc.components.responses).sort()).toEqual(
      ['BadRequest', 'Conflict', 'Forbidden', 'NotFound', 'PayloadTooLarge', 'ServiceUnavailable', 'TooManyRequests', 'Unauthorized', 'UnprocessableEntity', 'UnsupportedMediaType'].sort(),
    );
    // An error answered with another body keeps it: an import's 422 is its report.
    expect(json(doc.paths['/api/v2/materials/import']!.post, '422')).toEqual(ref('ImportReport'));
  });

  it('every reference resolves, every component is used, and the names carry no io suffix', () => {
    const all = refsIn(doc);
    const responses = new Set(Object.keys(doc.components.responses).map((id) => `#/components/responses/${id}`));
    const parameters = new Set(Object.keys(doc.components.parameters).map((id) => `#/components/parameters/${id}`));
    expect(all.filter((r) => !r.startsWith(REF) && !responses.has(r) && !parameters.has(r))).toEqual([]);
    const refs = all.filter((r) => r.startsWith(REF));
    const named = new Set(Object.keys(doc.components.schemas));
    expect(refs.filter((r) => !named.has(r.slice(REF.length)))).toEqual([]);
    const used = new Set(refs.map((r) => r.slice(REF.length)));
    expect([...named].filter((id) => !used.has(id))).toEqual([]);
    expect([...named].filter((id) => id.endsWith('Input'))).toEqual([]);
    expect(named.size).toBeGreaterThan(100);
  });

  it('tidyComponents keeps what the paths reach, one name where input and output agree', () => {
    const thing = { type: 'object', properties: { part: ref('PartInput') } };
    const tidied = tidyComponents({
      paths: { '/x': { post: { requestBody: ref('ThingInput'), responses: { 200: ref('Part'), 201: ref('Other') } } } },
      components: {
        schemas: {
          Thing: { type: 'object' },
          ThingInput: thing,
          Part: { type: 'string' },
          PartInput: { type: 'string' },
          Other: { nullable: true, allOf: [ref('Part')] },
          OtherInput: { type: 'number' },
          Unused: { type: 'object' },
        },
      },
    });
    expect(tidied.paths).toEqual({ '/x': { post: { requestBody: ref('Thing'), responses: { 200: ref('Part'), 201: ref('Other') } } } });
    expect(tidied.components.schemas).toEqual({
      Other: { nullable: true, allOf: [ref('Part')], type: 'string' },
      Part: { type: 'string' },
      Thing: { type: 'object', properties: { part: ref('Part') } },
    });
  });
});

describe('security and servers', () => {
  it('public operations say so with security: []; every other one takes a user token or an API key', () => {
    const open = operations.filter(({ op }) => op.security?.length === 0).map(({ method, path }) => `${method} ${path}`);
    expect(open.sort()).toEqual(
      [
        'get /api/v2/health',
        'get /api/v2/health/ready',
        'get /api/v2/notifications/stream',
        'post /api/v2/auth/login',
        'post /api/v2/auth/logout',
        // The second step of a sign-in: the single-use mfaToken is its credential, not a session.
        'post /api/v2/auth/mfa/verify',
        'post /api/v2/auth/mfa/passkeys/authentication-options',
        // Enrolling a passkey during a sign-in that requires a second factor: the mfaToken again.
        'post /api/v2/auth/mfa/enroll/passkey-options',
        'post /api/v2/auth/mfa/enroll/passkey',
        // Sign-in with the company's account: before there is a session.
        'get /api/v2/auth/oidc/config',
        'get /api/v2/auth/oidc/start',
        'get /api/v2/auth/oidc/callback',
        'post /api/v2/auth/oidc/exchange',
      ].sort(),
    );
    // Refresh passes the access check (its token may have expired) but needs that token, not a key.
    expect(doc.paths['/api/v2/auth/refresh']!.post!.security).toEqual([{ bearerAuth: [] }]);
    // A key never manages users, roles, keys or webhooks nor uses the session routes (docs/integrations.md): those take a person's token only.
    const personOnly = operations.filter(({ op, method, path }) => op.security?.length !== 0 && keyMayNotReach(method.toUpperCase(), path));
    expect(personOnly.map(({ method, path }) => `${method} ${path}`)).toEqual(expect.arrayContaining(['post /api/v2/users', 'post /api/v2/api-keys', 'post /api/v2/webhooks/{id}/rotate-secret']));
    // Enrolling a second factor works signed in or, during a sign-in that requires it, with the mfaToken in the body.
    const enrolment = ['post /api/v2/auth/mfa/totp/setup', 'post /api/v2/auth/mfa/totp/confirm'];
    for (const { op, method, path } of personOnly) expect(op.security).toEqual(enrolment.includes(`${method} ${path}`) ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }]);
    const others = operations.filter((operation) => operation.op.security?.length !== 0 && !personOnly.includes(operation));
    expect(others.filter(({ op }) => JSON.stringify(op.security) !== JSON.stringify([{ bearerAuth: [] }, { apiKey: [] }]))).toEqual([]);
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'goc_…' },
    });
    expect(doc.components.securitySchemes.apiKey!.description).toContain('Authorization: Bearer goc_…');
    expect(doc.servers).toEqual([{ url: '/', description: 'El mismo servidor que sirve este documento' }]);
  });
});

describe('packages/client', () => {
  it('its checked-in types are the ones this document generates (else: npm run generate -w packages/client)', async () => {
    const file = fileURLToPath(new URL('../../../../packages/client/src/schema.d.ts', import.meta.url));
    const expected = `${COMMENT_HEADER}${astToString(await openapiTS(JSON.parse(JSON.stringify(doc)) as never, { defaultNonNullable: false }))}`;
    expect(readFileSync(file, 'utf8') === expected, 'packages/client/src/schema.d.ts está desactualizado: npm run generate -w packages/client').toBe(true);
  }, 60_000);
});
