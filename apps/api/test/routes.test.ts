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

  it('lets exactly these flags read each GET /options: the resource’s own, its module’s other pages’ and what other modules’ manifests declare', async () => {
    const { app, routes } = await collectRoutes();
    const readers: Record<string, string[]> = {};
    for (const route of routes.filter((r) => methods(r) === 'GET' && r.url.endsWith('/options'))) {
      const required = (Array.isArray(route.config?.permission) ? route.config.permission : [route.config?.permission]) as { module: string; action: string }[];
      readers[route.url.replace('/api/v2', '')] = [...new Set(required.map((p) => `${p.module}:${p.action}`))].sort();
    }
    expect(readers).toEqual({
      '/companies/options': ['config_companies:view', 'config_employees:create', 'config_employees:edit', 'config_work:create', 'config_work:edit', 'registry_office:create', 'registry_office:edit', 'registry_works:create', 'registry_works:edit', 'works:view'],
      '/works/options': ['config_employees:create', 'config_employees:edit', 'config_work:view', 'history:view', 'my_orders:create', 'my_orders:edit', 'projects:create', 'projects:edit', 'registry_history:view', 'registry_works:create', 'registry_works:edit', 'registry_works:view', 'stock:view'],
      '/categories/options': ['config_categories:view', 'config_subcategory:create', 'config_subcategory:edit', 'config_work:create', 'config_work:edit', 'works:view'],
      '/subcategories/options': ['config_subcategory:view', 'config_work:create', 'config_work:edit'],
      '/icons/options': ['config_categories:create', 'config_categories:edit', 'config_icons:view'],
      '/material-categories/options': ['config_material_categories:view', 'config_materials:create', 'config_materials:edit', 'config_suppliers:create', 'config_suppliers:edit'],
      '/materials/options': ['config_materials:view', 'history:create', 'history:edit', 'history:view', 'my_orders:create', 'my_orders:edit', 'stock:view'],
      '/units/options': ['config_materials:create', 'config_materials:edit', 'config_units:view', 'stock:view'],
      '/suppliers/options': ['config_suppliers:view', 'history:create', 'history:edit', 'history:view', 'my_orders:create', 'my_orders:edit'],
      '/employees/options': ['config_employees:view', 'config_permissions:create', 'config_permissions:edit', 'config_work:create', 'config_work:edit', 'registry_office:create', 'registry_office:edit', 'registry_works:create', 'registry_works:edit'],
      '/registration-statuses/options': ['config_status_register:view', 'registry_history:create', 'registry_history:edit', 'registry_history:view', 'registry_office:create', 'registry_office:edit', 'registry_office:view', 'registry_works:create', 'registry_works:edit', 'registry_works:view'],
      '/order-statuses/options': ['config_order_status:view', 'history:view', 'my_orders:view'],
      '/stamp-statuses/options': ['config_stamp_status:view', 'registry_history:create', 'registry_history:edit', 'registry_history:view', 'registry_office:create', 'registry_office:edit', 'registry_office:view', 'registry_works:create', 'registry_works:edit', 'registry_works:view'],
      '/error-statuses/options': ['config_error_status:view', 'registry_history:create', 'registry_history:edit', 'registry_history:view', 'registry_office:create', 'registry_office:edit', 'registry_office:view', 'registry_works:create', 'registry_works:edit', 'registry_works:view'],
      '/roles/options': ['admin:create', 'config_permissions:view'],
      '/users/options': ['config_permissions:view', 'history:view', 'projects:create', 'projects:edit'],
      '/registry/cuts/options': ['registry_history:view', 'registry_office:view', 'registry_works:view'],
      '/projects/options': ['history:view', 'my_orders:create', 'my_orders:edit', 'projects:view'],
    });
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
