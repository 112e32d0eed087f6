import { describe, expect, it } from 'vitest';
import { can, MODULE_NAMES, ROUTE_LIST, visibleMenu, ROUTES, routePath } from '../src/index';

const entry = (name: string, flags: Partial<Record<'view' | 'create' | 'edit' | 'delete', boolean>>) => ({
  module: { name },
  view: false,
  create: false,
  edit: false,
  delete: false,
  ...flags,
});

describe('can(module, action) — SPEC §6', () => {
  it('grants view when any flag is true', () => {
    for (const flag of ['view', 'create', 'edit', 'delete'] as const) {
      expect(can([entry('works', { [flag]: true })], 'works', 'view')).toBe(true);
    }
    expect(can([entry('works', {})], 'works', 'view')).toBe(false);
  });
  it('checks create, edit and delete with their own flag', () => {
    const perms = [entry('works', { view: true, edit: true })];
    expect(can(perms, 'works', 'edit')).toBe(true);
    expect(can(perms, 'works', 'create')).toBe(false);
    expect(can(perms, 'works', 'delete')).toBe(false);
  });
  it('denies unknown modules and missing permission lists', () => {
    expect(can([entry('works', { view: true })], 'nope', 'view')).toBe(false);
    expect(can(null, 'works', 'view')).toBe(false);
  });
});

describe('route table and menu', () => {
  it('has the 24 modules and the 27 routes of SPEC §2 plus Almacén de obra, the notification preferences, the sessions, the integrations, the backups and the background tasks', () => {
    expect(MODULE_NAMES).toHaveLength(25);
    expect(ROUTE_LIST).toHaveLength(33);
    expect(ROUTES.stock).toEqual({ path: '/almacen', title: 'Almacén de obra', permission: { module: 'stock', action: 'view' } });
    expect(ROUTES.integrations).toEqual({ path: '/configuracion/integraciones', title: 'Integraciones', permission: { module: 'admin', action: 'view' } });
    expect(ROUTES.backups).toEqual({ path: '/configuracion/respaldos', title: 'Respaldos', permission: { module: 'admin', action: 'view' } });
    expect(ROUTES.jobs).toEqual({ path: '/configuracion/tareas', title: 'Tareas en segundo plano', permission: { module: 'admin', action: 'view' } });
    expect(ROUTES.notificationPreferences).toEqual({ path: '/notificaciones/preferencias', title: 'Preferencias de Notificaciones' });
    expect(ROUTES.registryOfficeCreate.permission).toEqual({ module: 'registry_office', action: 'create' });
    expect(routePath('registryCut', { cutId: 7 })).toBe('/registro/historico/7');
  });
  it('hides items without permission and groups without an allowed child', () => {
    const menu = visibleMenu((r) => r === 'home' || r === 'myOrders');
    expect(menu.map((e) => e.label)).toEqual(['Dashboard', 'Pedidos']);
    const group = menu[1];
    expect(group?.kind === 'group' && group.children.map((c) => c.label)).toEqual(['Mis pedidos']);
  });
});
