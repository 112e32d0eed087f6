import { describe, expect, it } from 'vitest';
import {
  CATALOGS,
  confirmDeleteMessage,
  duplicateMessage,
  inUseMessage,
  notFoundMessage,
  savedMessage,
  systemRowMessage,
} from '../../src/index';

const { units, materials, orderStatuses, materialCategories, suppliers } = CATALOGS;

describe('record messages agree in gender and number', () => {
  it('names what uses a row', () => {
    expect(inUseMessage(units.nouns, [{ nouns: materials.nouns, count: 12 }])).toBe('La unidad se usa en 12 materiales');
    expect(inUseMessage(materialCategories.nouns, [{ nouns: materials.nouns, count: 1 }, { nouns: suppliers.nouns, count: 3 }])).toBe(
      'La categoría de materiales se usa en 1 material y 3 proveedores',
    );
    expect(
      inUseMessage(orderStatuses.nouns, [
        { nouns: { singular: 'pedido', plural: 'pedidos', article: 'el' }, count: 2 },
        { nouns: materials.nouns, count: 2 },
        { nouns: units.nouns, count: 1 },
      ]),
    ).toBe('El estatus de orden se usa en 2 pedidos, 2 materiales y 1 unidad');
  });

  it('names the referring records that have a name of their own, five at most', () => {
    const orders = { singular: 'pedido', plural: 'pedidos', article: 'el' } as const;
    const project = { singular: 'proyecto', plural: 'proyectos', article: 'el' } as const;
    expect(inUseMessage(project, [{ nouns: orders, count: 2, names: ['PED-000003', 'PED-000017'] }])).toBe('El proyecto se usa en 2 pedidos (PED-000003 y PED-000017)');
    expect(inUseMessage(project, [{ nouns: orders, count: 1, names: ['PED-000003'] }])).toBe('El proyecto se usa en 1 pedido (PED-000003)');
    const seven = ['PED-000001', 'PED-000002', 'PED-000003', 'PED-000004', 'PED-000005', 'PED-000006', 'PED-000007'];
    expect(inUseMessage(project, [{ nouns: orders, count: 8, names: seven }, { nouns: materials.nouns, count: 1 }])).toBe(
      'El proyecto se usa en 8 pedidos (PED-000001, PED-000002, PED-000003, PED-000004, PED-000005 y 3 más) y 1 material',
    );
  });

  it('reports duplicates with the field label (acronyms kept)', () => {
    expect(duplicateMessage(units.nouns, 'Abreviatura', 'kg')).toBe('Ya existe una unidad con abreviatura «kg»');
    expect(duplicateMessage(suppliers.nouns, 'RFC', 'ABA0501011A2')).toBe('Ya existe un proveedor con RFC «ABA0501011A2»');
  });

  it('builds not-found, toast, confirmation and system-row texts', () => {
    expect(notFoundMessage(units.nouns)).toBe('No se encontró la unidad');
    expect(savedMessage(units.nouns, 'created')).toBe('Unidad creada');
    expect(savedMessage(materials.nouns, 'deleted')).toBe('Material eliminado');
    expect(savedMessage(materialCategories.nouns, 'updated')).toBe('Categoría de materiales actualizada');
    expect(confirmDeleteMessage(units.nouns, 'Kilogramo')).toBe('¿Eliminar la unidad «Kilogramo»?');
    expect(systemRowMessage(orderStatuses.nouns, 'Borrador')).toBe('El estatus de orden «Borrador» es del sistema y no se puede eliminar');
  });
});
