import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_NAMES, ACTIONS } from '@goc/contracts';
import { buildApp } from '../src/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { testConfig } from './helpers/app';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb?.close());

/** Builds the real app and records every route as Fastify registers it, independently of the access plugin. */
async function collectRoutes(extra?: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; routes: RouteOptions[] }> {
  const app = buildApp(testConfig(), testDb.database);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  extra?.(app);
  await app.ready();
  return { app, routes };
}

const methods = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).join(',');

describe('route enumeration', () => {
  it('every /api route declares a permission or is explicitly public (or signed-in only)', async () => {
    const { app, routes } = await collectRoutes();
    const api = routes.filter((r) => r.url.startsWith('/api'));
    expect(api.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const route of api) {
      const config = route.config ?? {};
      const marks = [config.public === true, config.authenticated === true, config.permission !== undefined].filter(Boolean);
      if (marks.length !== 1) problems.push(`${methods(route)} ${route.url}: ${marks.length} marcas`);
      const required = config.permission === undefined ? [] : Array.isArray(config.permission) ? config.permission : [config.permission];
      for (const p of required) {
        if (!MODULE_NAMES.includes(p.module) || !ACTIONS.includes(p.action)) problems.push(`${methods(route)} ${route.url}: permiso desconocido`);
      }
    }
    expect(problems).toEqual([]);
    await app.close();
  });

  it('knows the SPEC §7 routes and their marks', async () => {
    const { app, routes } = await collectRoutes();
    const mark = (method: string, url: string) => {
      const route = routes.find((r) => methods(r) === method && r.url === url);
      if (!route) return 'missing';
      return route.config?.public ? 'public' : route.config?.authenticated ? 'authenticated' : 'permission';
    };
    expect(mark('POST', '/api/v2/auth/login')).toBe('public');
    expect(mark('POST', '/api/v2/auth/refresh')).toBe('public');
    expect(mark('POST', '/api/v2/auth/logout')).toBe('public');
    expect(mark('GET', '/api/v2/auth/me')).toBe('authenticated');
    expect(mark('GET', '/api/v2/permissions')).toBe('authenticated');
    expect(mark('GET', '/api/v2/health')).toBe('public');
    expect(mark('GET', '/api/docs/json')).toBe('public');
    // The live stream authenticates by its single-use ticket (EventSource sends no bearer); the
    // ticket is issued to a signed-in user.
    expect(mark('GET', '/api/v2/notifications/stream')).toBe('public');
    expect(mark('POST', '/api/v2/notifications/stream-ticket')).toBe('authenticated');
    expect(mark('GET', '/api/v2/notifications')).toBe('authenticated');
    expect(mark('PUT', '/api/v2/notifications/preferences')).toBe('authenticated');
    await app.close();
  });

  it('refuses to start with an /api route that declares nothing', async () => {
    const app = buildApp(testConfig(), testDb.database);
    app.register(async (scope) => {
      scope.get('/api/v2/olvidada', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow('Rutas de la API sin permiso ni marca pública: GET /api/v2/olvidada');
    await app.close().catch(() => undefined);
  });

  it('refuses contradictory marks (public and a permission at once)', async () => {
    const app = buildApp(testConfig(), testDb.database);
    app.register(async (scope) => {
      scope.get('/api/v2/doble', { config: { public: true, permission: { module: 'works', action: 'view' } } }, async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow('GET /api/v2/doble');
    await app.close().catch(() => undefined);
  });
});
