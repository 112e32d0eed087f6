import { describe, expect, it } from 'vitest';
import { CATALOGS } from '@goc/contracts';
import { listColumns } from '../../../src/components/list/list-columns';

describe('listColumns', () => {
  it('offers the declared columns, then Creado and Actualizado hidden until chosen', () => {
    const columns = listColumns(CATALOGS.units);
    expect(columns.map((c) => c.field.name)).toEqual(['abbreviation', 'name', 'active', 'createdAt', 'updatedAt']);
    const created = columns.find((c) => c.field.name === 'createdAt');
    expect(created?.field.label).toBe('Creado');
    expect(created?.field.list.shownByDefault).toBe(false);
    expect(created?.spec?.type).toBe('date');
  });
});
