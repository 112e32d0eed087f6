import { describe, expect, it } from 'vitest';
import { MENU, NAVIGATION, ROUTE_LIST, ROUTES } from '../src';

/* The route table and the sidebar are built from the modules' navigation: they must still be SPEC §2's. */

describe('navigation built from the modules', () => {
  it('gives the sidebar of SPEC §2, in its order (Almacén de obra after Pedidos; Integraciones, Respaldos and Tareas en segundo plano added last in Configuración)', () => {
    const lines = MENU.map((e) => (e.kind === 'item' ? `${e.label} → ${e.route}` : `${e.label}: ${e.children.map((c) => c.label).join(', ')}`));
    expect(lines).toEqual([
      'Dashboard → home',
      'Obras → works',
      'Proyectos → myProjects',
      'Pedidos: Histórico, Mis pedidos',
      'Almacén de obra → stock',
      'Altas y Bajas: Histórico, Obras, Oficina',
      'Configuración: Categorías, Categoria Materiales, Empleados, Empresas, Estatus Alta, Estatus Orden, Estatus Timbre, Estatus de Error, Iconos, Materiales, Obra, Permisos, Proveedores, Unidades, Subcategoria, Integraciones, Respaldos, Tareas en segundo plano',
      'Usuarios → users',
    ]);
  });

  it('keeps every route of every module, each path once', () => {
    const declared = NAVIGATION.flatMap((m) => Object.keys(m.routes));
    expect(ROUTE_LIST.map((r) => r.key).sort()).toEqual([...declared].sort());
    expect(new Set(ROUTE_LIST.map((r) => r.path)).size).toBe(ROUTE_LIST.length);
    expect(ROUTES.registryCut).toEqual({ path: '/registro/historico/:cutId', title: 'Detalle de Corte Semanal', permission: { module: 'registry_history', action: 'view' } });
  });
});
