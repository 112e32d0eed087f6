import { describe, expect, it } from 'vitest';
import type { Option } from '@goc/contracts';
import { encodeRows, fold, indexRows, mergeRows, searchRows } from '../../../src/lib/offline/site-store';

/* The compact set and its search (lib/offline/site-store): what the material picker searches without signal. */

const NAMES = ['Tubería PVC', 'Cemento gris', 'Codo cobre', 'Niple galvanizado', 'Cable eléctrico', 'Piñón', 'Varilla corrugada'];

/** 100 000 materials: MAT-000001 … with names and units cycling, like a large catalogue. */
function catalogue(count: number): Option[] {
  return Array.from({ length: count }, (_, i) => ({
    value: i + 1,
    label: `MAT-${String(i + 1).padStart(6, '0')} ${NAMES[i % NAMES.length]} ${(i % 97) + 1}"`,
    detail: i % 2 === 0 ? 'pieza' : 'metro',
  }));
}

describe('the compact site set (lib/offline/site-store)', () => {
  const index = indexRows(encodeRows(catalogue(100_000)));

  it('folds as the API does: lower case, Spanish accents and ñ out', () => {
    expect(fold('TUBERÍA Piñón Ü')).toBe('tuberia pinon u');
  });

  it('finds 100 000 materials by code, by words in any order and case, without accents, in label order', () => {
    expect(searchRows(index, { q: 'mat-054321', limit: 10 }).items).toEqual([
      { value: 54_321, label: `MAT-054321 ${NAMES[54_320 % NAMES.length]} ${(54_320 % 97) + 1}"`, detail: 'pieza' },
    ]);
    const tuberia = searchRows(index, { q: 'pvc TUBERIA', limit: 3 });
    expect(tuberia.items.map((o) => o.value)).toEqual([1, 8, 15]);
    expect(tuberia.hasMore).toBe(true);
    expect(searchRows(index, { q: 'pinon', limit: 2 }).items.map((o) => o.label)).toEqual(['MAT-000006 Piñón 6"', 'MAT-000013 Piñón 13"']);
    // Every word must be in the same row's label; the detail (the unit) is not searched, as on the server.
    expect(searchRows(index, { q: 'cobre tuberia', limit: 5 }).items).toEqual([]);
    expect(searchRows(index, { q: 'pieza', limit: 5 }).items).toEqual([]);
    // A word never spans two rows: «97"» ends one label and «MAT» starts the next.
    expect(searchRows(index, { q: '"mat', limit: 5 }).items).toEqual([]);
  });

  it('pages: the first rows without a search, and whether more match', () => {
    expect(searchRows(index, { limit: 2 })).toEqual({ items: [expect.objectContaining({ value: 1 }), expect.objectContaining({ value: 2 })], hasMore: true });
    expect(searchRows(index, { q: 'mat-100000', limit: 2 })).toEqual({ items: [expect.objectContaining({ value: 100_000 })], hasMore: false });
  });

  it('keeps parents, amounts, codes, icons and colours, and narrows a dependent picker by its parent', () => {
    const rows = indexRows(
      encodeRows([
        { value: 7, label: 'Cimentación', parentId: 2 },
        { value: 8, label: 'Acabados', parentId: 5, amount: 12.5 },
        { value: 9, label: 'Borrador', code: 'borrador', icon: 'pi pi-file', color: 'secondary' },
      ]),
    );
    expect(searchRows(rows, { limit: 5, parentId: 2 }).items).toEqual([{ value: 7, label: 'Cimentación', parentId: 2 }]);
    expect(searchRows(rows, { limit: 5 }).items).toEqual([
      { value: 8, label: 'Acabados', parentId: 5, amount: 12.5 },
      { value: 9, label: 'Borrador', code: 'borrador', icon: 'pi pi-file', color: 'secondary' },
      { value: 7, label: 'Cimentación', parentId: 2 },
    ]);
  });

  it('applies a refresh: changed rows replace theirs and take their place in label order, removed ones go', () => {
    const small = indexRows(encodeRows([{ value: 1, label: 'Arena' }, { value: 2, label: 'Cemento' }, { value: 3, label: 'Grava' }]));
    const merged = indexRows(mergeRows(small, [{ value: 1, label: 'Yeso' }, { value: 4, label: 'Block' }], [3]));
    expect(merged.all().map((o) => o.label)).toEqual(['Block', 'Cemento', 'Yeso']);
  });
});
