import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '@goc/contracts';
import { eq } from 'drizzle-orm';
import { materialCategories, materials, units } from '../src/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../src/lib/errors';
import { createTestApp, createWebDist, type TestApp } from './helpers/app';
import { resolved } from './helpers/openapi';

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: http: https:;frame-src 'self' blob:;" +
  "font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'";

/** Test-only routes that fail in the ways services fail. */
function failingRoutes(app: FastifyInstance): void {
  app.register(
    async (scope) => {
      scope.get('/boom', { config: { public: true } }, async () => {
        throw new Error('conexión a 10.0.0.5 con password=supersecreta');
      });
      scope.get('/conflict', { config: { public: true } }, async () => {
        throw new ConflictError('Ya existe una unidad con esa abreviatura', { abbreviation: 'Ya existe una unidad con esa abreviatura' });
      });
      scope.get('/missing', { config: { public: true } }, async () => {
        throw new NotFoundError();
      });
      scope.get('/invalid', { config: { public: true } }, async () => {
        throw new ValidationError({ 'items.0.quantity': 'La cantidad debe ser mayor que cero' });
      });
      scope.post('/duplicate', { config: { public: true } }, async () => {
        await scope.db.insert(units).values({ abbreviation: 'dup', name: 'Duplicada' });
        await scope.db.insert(units).values({ abbreviation: 'DUP', name: 'Duplicada 2' });
        return { ok: true };
      });
      scope.post('/referenced', { config: { public: true } }, async () => {
        const [unit] = await scope.db.insert(units).values({ abbreviation: 'ref', name: 'Referida' }).returning();
        const [category] = await scope.db.insert(materialCategories).values({ name: 'Referida' }).returning();
        await scope.db.insert(materials).values({ code: 'REF-1', name: 'Referida', unitId: unit!.id, materialCategoryId: category!.id });
        await scope.db.delete(units).where(eq(units.id, unit!.id));
        return { ok: true };
      });
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/query',
        {
          config: { public: true },
          schema: { querystring: z.object({ page: z.coerce.number().int().min(1), items: z.array(z.object({ qty: z.number().positive() })).optional() }) },
        },
        async () => ({ ok: true }),
      );
    },
    { prefix: '/api/v2/test' },
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDistDir: createWebDist() }, prepare: failingRoutes });
});
afterAll(async () => t?.close());

describe('health', () => {
  it('GET /api/v2/health answers 200 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('error shape', () => {
  it('an unknown /api route is a JSON 404 in Spanish, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v2/no-existe' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.notFound });
    }
  });

  it('a 5xx says nothing about its cause', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: MESSAGES.internal });
    expect(res.body).not.toContain('supersecreta');
    expect(res.body).not.toContain('10.0.0.5');
  });

  it('typed service errors keep their status, message and fields', async () => {
    const conflict = await t.app.inject({ method: 'GET', url: '/api/v2/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Ya existe una unidad con esa abreviatura',
      fields: { abbreviation: 'Ya existe una unidad con esa abreviatura' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/test/missing' })).json()).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.notFound });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/test/invalid' })).json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: MESSAGES.validation,
      fields: { 'items.0.quantity': 'La cantidad debe ser mayor que cero' },
    });
  });

  it('a unique violation the service did not handle is a 409 in Spanish (case-insensitive uniqueness)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/test/duplicate' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Ya existe un registro con esos datos' });
  });

  it('deleting a referenced row the service did not check is a 409 in Spanish', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/test/referenced' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'El registro está relacionado con otros datos y no se puede modificar así' });
  });

  it('query validation errors name each field in Spanish', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/test/query?page=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: MESSAGES.validation,
      fields: { page: 'Demasiado pequeño: se esperaba que número fuera >=1' },
    });
  });

  it('malformed JSON is a Spanish 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'El cuerpo de la solicitud no es JSON válido' });
  });

  it('an unsupported content type is a Spanish 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Tipo de contenido no admitido');
  });
});

describe('the SPA', () => {
  it('serves index.html with the strict CSP and no-cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<div id="root">');
  });

  it('falls back to index.html for client routes (history API), with the CSP', async () => {
    for (const url of ['/login', '/catalogos/empresas', '/registro/historico/12?tab=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves fingerprinted assets as immutable and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('a missing file is a 404, not index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/no-existe-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.notFound);
  });

  it('a non-GET outside /api is a 404, not index.html', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/catalogos/empresas' })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs with a working CSP (only local scripts)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CSP);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((src) => src!.startsWith('./') || src!.startsWith('/api/docs'))).toBe(true);
    expect(page.body).not.toMatch(/<script(?![^>]*src=)[^>]*>\s*\S/);

    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v2/auth/login', '/api/v2/auth/refresh', '/api/v2/auth/logout', '/api/v2/auth/me', '/api/v2/permissions', '/api/v2/health']));
    expect(resolved(doc, doc.paths['/api/v2/auth/login'].post.requestBody.content['application/json'].schema)?.required).toEqual(['username', 'password']);
  });
});
