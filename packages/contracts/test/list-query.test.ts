import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  decodeListQuery,
  encodeListQuery,
  exportQuerySchema,
  FILTER_FIELD_TYPES,
  formatSort,
  listQueryIssuesToFields,
  listQuerySchema,
  listQueryToParams,
  listResponseSchema,
  MATCH_MODES,
  MATCH_MODES_BY_TYPE,
  optionSchema,
  parseSort,
  validateListQuery,
  type Filters,
  type ListFieldSpec,
  type ListQuery,
} from '../src/list-query';

const messages = (input: unknown, schema: z.ZodType = listQuerySchema): string[] => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('listQuerySchema', () => {
  it('fills defaults for an empty query', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25, sort: [], filters: {} });
  });

  it('parses every parameter from query-string text', () => {
    const filters = { name: { operator: 'or', constraints: [{ matchMode: 'contains', value: 'cem' }] } };
    expect(
      listQuerySchema.parse({ page: '3', pageSize: '50', sort: 'name,-createdAt', q: '  Categoría  ', filters: JSON.stringify(filters) }),
    ).toEqual({
      page: 3,
      pageSize: 50,
      sort: [
        { field: 'name', order: 'asc' },
        { field: 'createdAt', order: 'desc' },
      ],
      q: 'Categoría',
      filters,
    });
  });

  it('defaults the operator to "and" and treats a blank q as absent', () => {
    const parsed = listQuerySchema.parse({ q: '   ', filters: '{"name":{"constraints":[{"matchMode":"equals","value":"x"}]}}' });
    expect(parsed.q).toBeUndefined();
    expect(parsed.filters.name?.operator).toBe('and');
  });

  it('refuses out-of-range pages with Spanish messages', () => {
    expect(messages({ page: '0' })).toEqual(['La página debe ser un número entero mayor o igual a 1']);
    expect(messages({ page: 'abc' })).toEqual(['La página debe ser un número entero mayor o igual a 1']);
    expect(messages({ pageSize: '101' })).toEqual(['El tamaño de página debe ser un número entero entre 1 y 100']);
    expect(messages({ pageSize: '2.5' })).toEqual(['El tamaño de página debe ser un número entero entre 1 y 100']);
  });

  it('refuses a long search, bad sort and bad filters', () => {
    expect(messages({ q: 'x'.repeat(201) })).toEqual(['La búsqueda admite como máximo 200 caracteres']);
    expect(messages({ sort: 'a,b,c,d,e,f' })).toEqual(['Se puede ordenar por 5 campos como máximo']);
    expect(messages({ sort: 'name;drop' })).toEqual(['Nombre de campo de orden inválido']);
    expect(messages({ filters: '{nope' })).toEqual(['Los filtros no son JSON válido']);
    expect(messages({ filters: '[]' })).toEqual(['Los filtros deben ser un objeto { campo: { operator, constraints } }']);
    expect(messages({ filters: '{"name":{"operator":"xor","constraints":[{"matchMode":"contains","value":"a"}]}}' })).toEqual([
      'El operador de un filtro debe ser "and" u "or"',
    ]);
    expect(messages({ filters: '{"name":{"constraints":[{"matchMode":"like","value":"a"}]}}' })).toEqual([
      'Modo de filtro desconocido: like',
    ]);
    expect(messages({ filters: '{"name":{"constraints":[]}}' })).toEqual(['Un filtro necesita al menos una condición']);
    expect(messages({ filters: '{"name":{"constraints":[{"matchMode":"contains","value":null}]}}' })).toEqual([
      'El valor de un filtro debe ser texto (máximo 200 caracteres), número o booleano',
    ]);
  });

  it('export query requires a known format', () => {
    expect(exportQuerySchema.parse({ format: 'csv' }).format).toBe('csv');
    expect(messages({ format: 'pdf' }, exportQuerySchema)).toEqual(['El formato de exportación debe ser xlsx o csv']);
    expect(messages({}, exportQuerySchema)).toEqual(['El formato de exportación debe ser xlsx o csv']);
  });
});

describe('sort text', () => {
  it('parses and formats name,-createdAt', () => {
    const sort = parseSort('name, -createdAt,');
    expect(sort).toEqual([
      { field: 'name', order: 'asc' },
      { field: 'createdAt', order: 'desc' },
    ]);
    expect(formatSort(sort)).toBe('name,-createdAt');
  });
});

describe('match modes by field type', () => {
  it('covers every match mode and every type', () => {
    const used = new Set(FILTER_FIELD_TYPES.flatMap((t) => MATCH_MODES_BY_TYPE[t]));
    expect([...used].sort()).toEqual([...MATCH_MODES].sort());
    expect(MATCH_MODES_BY_TYPE.date).toEqual(['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter']);
    expect(MATCH_MODES_BY_TYPE.text).not.toContain('lt');
  });
});

const SPECS: ListFieldSpec[] = [
  { name: 'name', label: 'Nombre', type: 'text', filterable: true, sortable: true },
  { name: 'budget', label: 'Presupuesto', type: 'money', filterable: true, sortable: true },
  { name: 'startDate', label: 'Fecha de inicio', type: 'date', filterable: true, sortable: true },
  { name: 'active', label: 'Activo', type: 'boolean', filterable: true, sortable: false },
  { name: 'status', label: 'Estatus', type: 'enum', filterable: true, sortable: true, enumValues: ['planeacion', 'terminada'] },
  { name: 'unit', label: 'Unidad', type: 'reference', filterable: true, sortable: true },
  { name: 'notes', label: 'Notas', type: 'text', filterable: false, sortable: false },
];

const check = (filters: Filters, sort: ListQuery['sort'] = []) => validateListQuery({ filters, sort }, SPECS);
const one = (field: string, matchMode: (typeof MATCH_MODES)[number], value: string | number | boolean): Filters => ({
  [field]: { operator: 'and', constraints: [{ matchMode, value }] },
});

describe('validateListQuery', () => {
  it('accepts allowed fields, modes and values', () => {
    expect(
      check(
        {
          ...one('name', 'contains', 'cem'),
          ...one('budget', 'gte', 1000.5),
          ...one('startDate', 'dateBefore', '2026-02-28'),
          ...one('active', 'equals', true),
          ...one('status', 'notEquals', 'terminada'),
          ...one('unit', 'equals', 4),
        },
        [{ field: 'unit', order: 'desc' }],
      ),
    ).toEqual([]);
    expect(check(one('unit', 'startsWith', 'kil'))).toEqual([]);
  });

  it('names unknown and non-filterable fields', () => {
    expect(check(one('foo', 'contains', 'x'))).toEqual([{ path: 'filters.foo', message: 'Campo de filtro desconocido: foo' }]);
    expect(check(one('notes', 'contains', 'x'))).toEqual([{ path: 'filters.notes', message: 'Campo de filtro desconocido: notes' }]);
  });

  it('names the field whose type does not take the mode', () => {
    expect(check(one('name', 'lt', 'x'))).toEqual([{ path: 'filters.name', message: 'El modo "lt" no aplica al campo "Nombre"' }]);
    expect(check(one('startDate', 'equals', '2026-01-01'))).toEqual([
      { path: 'filters.startDate', message: 'El modo "equals" no aplica al campo "Fecha de inicio"' },
    ]);
  });

  it('checks values against the field type', () => {
    expect(check(one('budget', 'gt', '100'))[0]?.message).toBe('El valor del filtro "Presupuesto" debe ser un número');
    expect(check(one('startDate', 'dateIs', '2026-02-30'))[0]?.message).toBe(
      'El valor del filtro "Fecha de inicio" debe ser una fecha AAAA-MM-DD',
    );
    expect(check(one('active', 'equals', 'true'))[0]?.message).toBe('El valor del filtro "Activo" debe ser verdadero o falso');
    expect(check(one('status', 'equals', 'otra'))[0]?.message).toBe('El valor del filtro "Estatus" no es una opción válida');
    expect(check(one('unit', 'equals', 'kg'))[0]?.message).toBe('El valor del filtro "Unidad" debe ser un identificador');
    expect(check(one('name', 'contains', 3))[0]?.message).toBe('El valor del filtro "Nombre" debe ser texto');
  });

  it('checks sort fields', () => {
    expect(check({}, [{ field: 'active', order: 'asc' }])).toEqual([{ path: 'sort', message: 'Campo de orden desconocido: active' }]);
    expect(
      check({}, [
        { field: 'name', order: 'asc' },
        { field: 'name', order: 'desc' },
      ]),
    ).toEqual([{ path: 'sort', message: 'El campo "Nombre" aparece más de una vez en el orden' }]);
  });

  it('turns issues into the fields map of an error', () => {
    expect(
      listQueryIssuesToFields([
        { path: 'sort', message: 'a' },
        { path: 'sort', message: 'b' },
        { path: 'filters.x', message: 'c' },
      ]),
    ).toEqual({ sort: 'a', 'filters.x': 'c' });
  });
});

describe('list responses and options', () => {
  it('wraps an item schema', () => {
    const schema = listResponseSchema(z.object({ id: z.number() }));
    expect(schema.parse({ items: [{ id: 1 }], total: 1, page: 1, pageSize: 25 }).items).toEqual([{ id: 1 }]);
    expect(schema.safeParse({ items: [], total: -1, page: 1, pageSize: 25 }).success).toBe(false);
  });
  it('options carry value and label, optionally icon, color and parentId', () => {
    expect(optionSchema.parse({ value: 3, label: 'Kilogramo', parentId: 2 })).toEqual({ value: 3, label: 'Kilogramo', parentId: 2 });
    expect(optionSchema.safeParse({ value: 3 }).success).toBe(false);
  });
});

describe('URL codec', () => {
  it('leaves defaults out of the URL', () => {
    expect(encodeListQuery({ page: 1, pageSize: 25, sort: [], filters: {} })).toBe('');
    expect(listQueryToParams({ page: 2, pageSize: 50, sort: [{ field: 'name', order: 'desc' }], q: 'á', filters: {} })).toEqual({
      page: '2',
      pageSize: '50',
      sort: '-name',
      q: 'á',
    });
  });

  it('honours a per-table default page size', () => {
    expect(encodeListQuery({ page: 1, pageSize: 10, sort: [], filters: {} }, 10)).toBe('');
    expect(decodeListQuery('', 10).pageSize).toBe(10);
  });

  it('falls back per parameter on a damaged URL and ignores foreign parameters', () => {
    expect(decodeListQuery('?page=-4&pageSize=25&sort=name&filters=%7Bbroken&tab=2')).toEqual({
      page: 1,
      pageSize: 25,
      sort: [{ field: 'name', order: 'asc' }],
      q: undefined,
      filters: {},
    });
  });

  it('reads URLSearchParams too, and drops only a malformed parameter', () => {
    expect(decodeListQuery(new URLSearchParams('page=3&q=a+b%20c'))).toEqual({ page: 3, pageSize: 25, sort: [], q: 'a b c', filters: {} });
    expect(decodeListQuery('?q=%E0%A4%A&page=2')).toEqual({ page: 2, pageSize: 25, sort: [], q: undefined, filters: {} });
  });

  const fieldName = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,11}$/);
  const constraint = fc.record({
    matchMode: fc.constantFrom(...MATCH_MODES),
    value: fc.oneof(fc.string({ maxLength: 200 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()),
  });
  const listQuery: fc.Arbitrary<ListQuery> = fc.record({
    page: fc.integer({ min: 1, max: 100_000 }),
    pageSize: fc.integer({ min: 1, max: 100 }),
    sort: fc
      .uniqueArray(fieldName, { maxLength: 5 })
      .chain((names) => fc.tuple(...names.map((field) => fc.constantFrom('asc' as const, 'desc' as const).map((order) => ({ field, order }))))),
    q: fc.option(
      fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' }).filter((s) => s.trim() === s && s !== ''),
      { nil: undefined },
    ),
    filters: fc.dictionary(
      fieldName,
      fc.record({ operator: fc.constantFrom('and' as const, 'or' as const), constraints: fc.array(constraint, { minLength: 1, maxLength: 3 }) }),
      { maxKeys: 4 },
    ),
  });

  it('property: decode(encode(state)) returns the same state', () => {
    fc.assert(
      fc.property(listQuery, (state) => {
        // -0 has no JSON form: it comes back as 0, which is the same filter.
        const normalised = JSON.parse(JSON.stringify(state)) as ListQuery;
        expect(decodeListQuery(encodeListQuery(state))).toEqual({ ...normalised, q: state.q });
        expect(decodeListQuery(new URLSearchParams(encodeListQuery(state)))).toEqual({ ...normalised, q: state.q });
      }),
    );
  });

  it('property: the API parses what the SPA sends', () => {
    fc.assert(
      fc.property(listQuery, (state) => {
        expect(listQuerySchema.parse(listQueryToParams(state))).toEqual(
          JSON.parse(JSON.stringify({ ...state, ...(state.q === undefined ? {} : { q: state.q }) })),
        );
      }),
    );
  });
});
