import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CATALOG_KEYS,
  CATALOG_LIST,
  CATALOGS,
  FIELD_MESSAGES,
  MATCH_MODES_BY_TYPE,
  ROUTES,
  VERSION_MESSAGE,
  getCatalog,
  validateListQuery,
  type AnyCatalog,
  type CatalogCreateInput,
  type CatalogEntity,
  type CatalogKey,
} from '../../src/index';

/** A valid create body per catalogue (only what is needed; the rest takes defaults). */
const SAMPLES: { [K in CatalogKey]: CatalogCreateInput<K> } = {
  companies: { name: 'Constructora del Norte SA de CV', rfc: 'CON990101AB1', employerRegistration: 'Y54-52369-10-6', phone: '81 1234 5678' },
  works: { code: 'OB-001', name: 'Torre Reforma', companyId: 1, categoryId: 2, subcategoryId: 3, startDate: '2026-01-15', estimatedEndDate: '2026-12-31', budget: 1500000.5 },
  categories: { name: 'Vivienda', description: 'Casas y departamentos', iconId: 1, color: '#1E90FF' },
  subcategories: { name: 'Casa habitación', categoryId: 1 },
  icons: { name: 'Edificio', value: 'pi pi-building' },
  materialCategories: { name: 'Acero' },
  materials: { code: 'MAT-001', name: 'Varilla 3/8"', materialCategoryId: 1, unitId: 2, referencePrice: 189.9 },
  units: { abbreviation: 'kg', name: 'Kilogramo' },
  suppliers: { name: 'Aceros del Bajío', rfc: 'ABA0501011A2', email: 'Ventas@Aceros.MX', materialCategoryIds: [1, 2] },
  employees: {
    employeeNumber: 'E-0001',
    firstName: 'Andrés Manuel',
    lastName: 'López',
    secondLastName: 'Obrador',
    curp: 'looa531113htcpbn07',
    rfc: 'LOOA531113AB1',
    nss: '7216-82-0574-7',
    companyId: 1,
    hireDate: '2020-02-03',
    dailySalary: 500,
    sdi: 522.6,
  },
  registrationStatuses: { name: 'Pendiente de revisión', color: 'warn', sortOrder: 5 },
  orderStatuses: { name: 'En revisión', color: 'info' },
  stampStatuses: { name: 'Reintento', color: 'danger' },
  errorStatuses: { name: 'Otro error' },
  roles: { name: 'Compras', permissions: [{ module: 'history', view: true, edit: true }] },
  users: { username: 'J.Perez', password: 'una frase larga y segura', roleId: 1, employeeId: 4 },
};

function issues(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/** An entity row as the API would return it for a parsed create body. */
function entityFor(catalog: AnyCatalog, created: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { id: 7, createdAt: '2026-11-22T05:54:20.000Z', updatedAt: '2026-11-22T05:54:20.000Z', version: 1 };
  for (const field of catalog.fields) {
    if (field.type === 'password') continue;
    const value = field.form === 'readOnly' ? null : created[field.name];
    row[field.name] = value;
    if (field.reference) {
      row[field.reference.displayKey] = Array.isArray(value)
        ? value.map((id: number) => ({ id, label: `Opción ${id}` }))
        : value === null
          ? null
          : { id: value, label: 'Opción', icon: 'pi pi-building' };
    }
  }
  if (catalog.key === 'roles') row.permissions = [{ module: 'works', view: true, create: false, edit: false, delete: false }];
  return row;
}

describe('registry', () => {
  it('declares every catalogue once, under its own key', () => {
    expect(Object.keys(CATALOGS)).toEqual([...CATALOG_KEYS]);
    for (const key of CATALOG_KEYS) expect(getCatalog(key).key).toBe(key);
    expect(CATALOG_LIST).toHaveLength(16);
  });

  it('uses the resource paths of docs/architecture.md', () => {
    expect(CATALOG_LIST.map((c) => c.resource)).toEqual([
      '/companies',
      '/works',
      '/categories',
      '/subcategories',
      '/icons',
      '/material-categories',
      '/materials',
      '/units',
      '/suppliers',
      '/employees',
      '/registration-statuses',
      '/order-statuses',
      '/stamp-statuses',
      '/error-statuses',
      '/roles',
      '/users',
    ]);
  });

  it('guards each catalogue with the module of its route and takes the route title', () => {
    for (const c of CATALOG_LIST) {
      const route = ROUTES[c.route] as { title: string; permission?: { module: string } };
      expect(route.permission?.module).toBe(c.module);
      expect(c.title).toBe(route.title);
    }
  });

  it.each(CATALOG_LIST.map((c) => [c.key, c] as const))('%s: internal references are consistent', (_key, c) => {
    const names = new Set(c.fields.map((f) => f.name));
    for (const name of c.label.fields) expect(names).toContain(name);
    for (const name of Object.values(c.optionExtras)) expect(names).toContain(name);
    for (const u of c.unique) {
      expect(names).toContain(u.field);
      if (u.scope) expect(names).toContain(u.scope);
    }
    for (const f of c.fields) {
      if (!f.reference) continue;
      expect(CATALOG_KEYS).toContain(f.reference.target);
      expect(names).not.toContain(f.reference.displayKey);
      if (f.reference.dependsOn) expect(names).toContain(f.reference.dependsOn.field);
    }
    for (const rule of c.rules) for (const name of [...rule.fields, rule.path]) expect(names).toContain(name);
    if (c.systemRows) expect(names).toContain(c.systemRows.codeField);
    if (c.singleDefault) expect(names).toContain(c.singleDefault.field);
    // The default sort must itself pass the list allowlist.
    expect(validateListQuery({ filters: {}, sort: [...c.defaultSort] }, c.listFields)).toEqual([]);
  });

  it.each(CATALOG_LIST.map((c) => [c.key, c] as const))('%s: every filterable field accepts its first match mode', (_key, c) => {
    for (const spec of c.listFields.filter((s) => s.filterable)) {
      const mode = MATCH_MODES_BY_TYPE[spec.type][0]!;
      const value =
        spec.type === 'date'
          ? '2026-01-01'
          : spec.type === 'boolean'
            ? true
            : spec.type === 'enum'
              ? spec.enumValues![0]!
              : spec.type === 'number' || spec.type === 'money' || (spec.type === 'reference' && mode === 'equals')
                ? 1
                : 'a';
      expect(validateListQuery({ filters: { [spec.name]: { operator: 'and', constraints: [{ matchMode: mode, value }] } }, sort: [] }, c.listFields)).toEqual([]);
    }
  });
});

describe.each(CATALOG_LIST.map((c) => [c.key, c] as const))('%s schemas', (key, catalog) => {
  const sample = SAMPLES[key] as Record<string, unknown>;

  it('accept a valid create body and a matching entity', () => {
    const created = catalog.schemas.createInput.parse(sample) as Record<string, unknown>;
    expect(catalog.schemas.entity.parse(entityFor(catalog, created))).toBeTruthy();
  });

  it('fill every writable field on create (absent optional ones become null or their default)', () => {
    const created = catalog.schemas.createInput.parse(sample) as Record<string, unknown>;
    for (const field of catalog.fields.filter((f) => f.form !== 'readOnly')) {
      expect(created[field.name], field.name).not.toBeUndefined();
    }
  });

  it('require each required field', () => {
    for (const field of catalog.fields.filter((f) => f.required)) {
      const { [field.name]: _omitted, ...rest } = sample;
      const expected = field.type === 'password' ? 'La contraseña es obligatoria' : FIELD_MESSAGES.required;
      expect(issues(catalog.schemas.createInput, rest)[field.name], field.name).toBe(expected);
    }
  });

  it('refuse texts longer than their maximum', () => {
    for (const field of catalog.fields.filter((f) => f.type === 'text' || f.type === 'textarea')) {
      if (field.form === 'readOnly' || !field.maxLength) continue;
      const tooLong = 'A'.repeat(field.maxLength + 1);
      expect(issues(catalog.schemas.createInput, { ...sample, [field.name]: tooLong })[field.name], field.name).toBe(
        FIELD_MESSAGES.maxLength(field.maxLength),
      );
    }
  });

  it('update takes any subset plus the version, and requires the version', () => {
    expect(catalog.schemas.updateInput.parse({ version: 3 })).toEqual({ version: 3 });
    expect(issues(catalog.schemas.updateInput, {})).toEqual({ version: VERSION_MESSAGE });
    expect(issues(catalog.schemas.updateInput, { version: 0 })).toEqual({ version: VERSION_MESSAGE });
  });

  it('update refuses clearing a required field', () => {
    for (const field of catalog.fields.filter((f) => f.required && f.form === 'editable')) {
      expect(issues(catalog.schemas.updateInput, { version: 1, [field.name]: null })[field.name], field.name).toBe(FIELD_MESSAGES.required);
    }
  });

  it('never accept read-only fields from clients', () => {
    const readOnly = catalog.fields.filter((f) => f.form === 'readOnly');
    const body = { ...sample, ...Object.fromEntries(readOnly.map((f) => [f.name, 'x'])), id: 99, version: 5, createdAt: 'x' };
    const created = catalog.schemas.createInput.parse(body) as Record<string, unknown>;
    for (const name of [...readOnly.map((f) => f.name), 'id', 'version', 'createdAt']) expect(created).not.toHaveProperty(name);
  });
});

describe('OpenAPI', () => {
  it.each(CATALOG_LIST.map((c) => [c.key, c] as const))('%s: schemas convert to JSON Schema for the API docs', (_key, c) => {
    expect(z.toJSONSchema(c.schemas.createInput, { io: 'input' }).type).toBe('object');
    expect(z.toJSONSchema(c.schemas.updateInput, { io: 'input' }).required).toEqual(['version']);
    expect(z.toJSONSchema(c.schemas.entity, { io: 'output' }).required).toContain('id');
  });
});

describe('entity typing', () => {
  it('carries references as <name>Id plus a { id, label } display value', () => {
    const row: CatalogEntity<'materials'> = {
      id: 1,
      createdAt: '2026-11-22T05:54:20.000Z',
      updatedAt: '2026-11-22T05:54:20.000Z',
      version: 1,
      code: 'MAT-001',
      name: 'Cemento',
      description: null,
      materialCategoryId: 2,
      materialCategory: { id: 2, label: 'Cementantes' },
      unitId: 3,
      unit: { id: 3, label: 'kg' },
      referencePrice: 250,
      active: true,
    };
    expect(CATALOGS.materials.schemas.entity.parse(row)).toEqual(row);
    expect(CATALOGS.materials.schemas.entity.safeParse({ ...row, unit: null }).success).toBe(false);
  });

  it('does not expose passwords in user entities', () => {
    expect(Object.keys(CATALOGS.users.schemas.entity.shape)).not.toContain('password');
    expect(CATALOGS.users.fields.find((f) => f.name === 'password')?.form).toBe('createOnly');
  });
});
