import {
  CATALOGS,
  duplicateMessage,
  FIELD_MESSAGES,
  PASSWORD_MESSAGES,
  ROLE_MESSAGES,
  WORK_MESSAGES,
  type AnyCatalog,
} from '@goc/contracts';
import { login } from '../helpers/app';
import type { FastifyInstance } from 'fastify';
import { API, created, firstId, nss, optionsOf, rfcMoral, validCurp, type Api, type Row } from './support';

/*
 * One entry per catalogue for the table-driven suite: two valid new rows (the first with accents and
 * LIKE wildcards in its text), an invalid body with its exact Spanish field errors, a patch, a
 * case-insensitive duplicate, and how to make other rows use a record (with the exact 409 text).
 */

export interface CaseContext {
  api: Api;
  app: FastifyInstance;
  /** A unique number per call, for unique values. */
  seq(): number;
}

export interface CatalogCase {
  catalog: AnyCatalog;
  bodies(ctx: CaseContext): Promise<[Row, Row]>;
  invalid(ctx: CaseContext): Promise<{ body: Row; fields: Record<string, string> }>;
  /** Changes the first row (the version is added by the suite). */
  patch(ctx: CaseContext): Promise<Row>;
  /** A new body whose unique field equals the first body's, in other letter case. */
  duplicate?(ctx: CaseContext, first: Row): Promise<{ body: Row; fields: Record<string, string> }>;
  /** Makes rows use the record; returns the exact 409 message of deleting it. */
  useIt?(ctx: CaseContext, record: Row): Promise<string>;
}

const upperFirstWord = (s: string) => s.toUpperCase();

async function newCategoryWithSub(ctx: CaseContext): Promise<{ category: Row; sub: Row }> {
  const n = ctx.seq();
  const category = await created(ctx.api, '/categories', { name: `Línea auxiliar ${n}` });
  const sub = await created(ctx.api, '/subcategories', { name: `Sub auxiliar ${n}`, categoryId: category.id });
  return { category, sub };
}

async function workBody(ctx: CaseContext, over: Row = {}): Promise<Row> {
  const n = ctx.seq();
  const { category, sub } = await newCategoryWithSub(ctx);
  return {
    code: `OB-T-${n}`,
    name: `Obra de prueba ${n}`,
    companyId: await firstId(ctx.api, '/companies'),
    categoryId: category.id,
    subcategoryId: sub.id,
    ...over,
  };
}

async function employeeBody(ctx: CaseContext, over: Row = {}): Promise<Row> {
  const n = ctx.seq();
  return {
    employeeNumber: `T-${n}`,
    firstName: 'Auxiliar',
    lastName: `Prueba ${n}`,
    curp: validCurp(n),
    companyId: await firstId(ctx.api, '/companies'),
    ...over,
  };
}

async function materialBody(ctx: CaseContext, over: Row = {}): Promise<Row> {
  const n = ctx.seq();
  return {
    code: `MT-${n}`,
    name: `Material auxiliar ${n}`,
    materialCategoryId: await firstId(ctx.api, '/material-categories'),
    unitId: await firstId(ctx.api, '/units'),
    ...over,
  };
}

const nameCase = (catalog: AnyCatalog, label: string) => async (_ctx: CaseContext, first: Row) => {
  const body = { ...first, name: upperFirstWord(String(first.name)) };
  return { body, fields: { name: duplicateMessage(catalog.nouns, label, String(body.name)) } };
};

function statusCase(catalog: AnyCatalog): CatalogCase {
  return {
    catalog,
    bodies: async () => [
      { name: 'Revisión jurídica 50%_A', description: 'Agregado en pruebas', color: 'info', sortOrder: 5 },
      { name: 'Otro estatus', color: 'warn', sortOrder: 95, active: false },
    ],
    invalid: async () => ({ body: { name: ' ', color: 'rojo', sortOrder: -1 }, fields: { name: FIELD_MESSAGES.required, color: FIELD_MESSAGES.option, sortOrder: FIELD_MESSAGES.min(0) } }),
    patch: async () => ({ name: 'Revisión jurídica final', color: 'danger' }),
    duplicate: nameCase(catalog, 'Nombre'),
  };
}

export const CASES: readonly CatalogCase[] = [
  {
    catalog: CATALOGS.companies,
    bodies: async () => [
      { name: 'Constructora Águila 100% Norte_Sur, S.A. de C.V.', rfc: 'caa0101017a1', employerRegistration: 'Y12-34567-10-4', phone: '442 123 4567' },
      { name: 'Zeta Obras', rfc: 'ZOBA800101AB1', active: false },
    ],
    invalid: async () => ({
      body: { name: '', rfc: 'XYZ', employerRegistration: '123', phone: 'abc' },
      fields: {
        name: FIELD_MESSAGES.required,
        rfc: 'RFC inválido: debe tener 12 caracteres (persona moral) o 13 (persona física)',
        employerRegistration: 'Registro patronal inválido: debe ser una letra seguida de 10 dígitos',
        phone: FIELD_MESSAGES.phone,
      },
    }),
    patch: async () => ({ phone: '442 765 4321', address: 'Av. Universidad 100' }),
    duplicate: async (_ctx, first) => {
      const body = { name: String(first.name).toLowerCase(), rfc: 'DUP0101017A1' };
      return { body, fields: { name: duplicateMessage(CATALOGS.companies.nouns, 'Razón social', body.name) } };
    },
    useIt: async (ctx, record) => {
      await created(ctx.api, '/works', await workBody(ctx, { companyId: record.id }));
      await created(ctx.api, '/employees', await employeeBody(ctx, { companyId: record.id }));
      await created(ctx.api, '/employees', await employeeBody(ctx, { companyId: record.id }));
      return 'La empresa se usa en 1 obra y 2 empleados. Puedes desactivarla en su lugar.';
    },
  },
  {
    catalog: CATALOGS.works,
    bodies: async (ctx) => [
      await workBody(ctx, { name: 'Hospital Regional Querétaro_100%', startDate: '2026-01-15', estimatedEndDate: '2027-06-30', budget: 1250000.5, status: 'en_ejecucion', state: 'Querétaro', city: 'Querétaro' }),
      await workBody(ctx, { name: 'Bodega sin fechas', active: false }),
    ],
    invalid: async (ctx) => {
      const other = await newCategoryWithSub(ctx);
      const body = await workBody(ctx, { subcategoryId: other.sub.id, startDate: '2026-05-01', estimatedEndDate: '2026-04-01' });
      // The end-date rule is checked by the schema; send a valid range to see the subcategory rule from the API.
      return { body: { ...body, estimatedEndDate: '2026-06-01' }, fields: { subcategoryId: WORK_MESSAGES.subcategoryOutsideCategory } };
    },
    patch: async () => ({ name: 'Hospital Regional Querétaro, 2a etapa', budget: 1300000 }),
    duplicate: async (ctx, first) => {
      const body = await workBody(ctx, { code: String(first.code).toLowerCase() });
      return { body, fields: { code: duplicateMessage(CATALOGS.works.nouns, 'Clave', String(body.code)) } };
    },
    useIt: async (ctx, record) => {
      await created(ctx.api, '/employees', await employeeBody(ctx, { workId: record.id }));
      return 'La obra se usa en 1 empleado. Puedes desactivarla en su lugar.';
    },
  },
  {
    catalog: CATALOGS.categories,
    bodies: async (ctx) => [
      { name: 'Categoría Ñandú', description: 'Línea de negocio de prueba', iconId: await firstId(ctx.api, '/icons'), color: '#1D4ED8' },
      { name: 'Infra pruebas', active: false },
    ],
    invalid: async () => ({ body: { name: '', color: 'azul', iconId: 999999 }, fields: { name: FIELD_MESSAGES.required, color: FIELD_MESSAGES.color } }),
    patch: async () => ({ description: 'Descripción editada', color: '#00ff00' }),
    duplicate: nameCase(CATALOGS.categories, 'Nombre'),
    useIt: async (ctx, record) => {
      await created(ctx.api, '/subcategories', { name: 'Sub uno', categoryId: record.id });
      await created(ctx.api, '/subcategories', { name: 'Sub dos', categoryId: record.id });
      return 'La categoría se usa en 2 subcategorías. Puedes desactivarla en su lugar.';
    },
  },
  {
    catalog: CATALOGS.subcategories,
    bodies: async (ctx) => {
      const { category } = await newCategoryWithSub(ctx);
      return [
        { name: 'Vivienda económica Ñ', categoryId: category.id },
        { name: 'Naves', categoryId: category.id, active: false },
      ];
    },
    invalid: async () => ({ body: { name: 'Sin categoría', categoryId: 999999 }, fields: { categoryId: FIELD_MESSAGES.option } }),
    patch: async () => ({ name: 'Vivienda económica Ñ editada' }),
    duplicate: async (_ctx, first) => {
      const body = { name: String(first.name).toUpperCase(), categoryId: first.categoryId };
      return { body, fields: { name: duplicateMessage(CATALOGS.subcategories.nouns, 'Nombre', String(body.name)) } };
    },
    useIt: async (ctx, record) => {
      await created(ctx.api, '/works', await workBody(ctx, { categoryId: record.categoryId, subcategoryId: record.id }));
      return 'La subcategoría se usa en 1 obra. Puedes desactivarla en su lugar.';
    },
  },
  {
    catalog: CATALOGS.icons,
    bodies: async () => [
      { name: 'Camión de volteo', value: 'pi pi-cloud-upload' },
      { name: 'Estrella', value: 'pi pi-sort-alpha-down', active: false },
    ],
    invalid: async () => ({ body: { name: 'Malo', value: 'fa fa-truck' }, fields: { value: FIELD_MESSAGES.icon } }),
    patch: async () => ({ name: 'Camión de volteo grande' }),
    duplicate: async (_ctx, first) => {
      const body = { name: String(first.name).toUpperCase(), value: 'pi pi-sort-numeric-up' };
      return { body, fields: { name: duplicateMessage(CATALOGS.icons.nouns, 'Nombre', body.name) } };
    },
    useIt: async (ctx, record) => {
      await created(ctx.api, '/categories', { name: `Con icono ${ctx.seq()}`, iconId: record.id });
      return 'El icono se usa en 1 categoría. Puedes desactivarlo en su lugar.';
    },
  },
  {
    catalog: CATALOGS.materialCategories,
    bodies: async () => [
      { name: 'Eléctrico y iluminación', description: 'Cable, focos 100%' },
      { name: 'Herrería', active: false },
    ],
    invalid: async () => ({ body: { name: 'x'.repeat(101) }, fields: { name: FIELD_MESSAGES.maxLength(100) } }),
    patch: async () => ({ description: 'Cable, focos y apagadores' }),
    duplicate: nameCase(CATALOGS.materialCategories, 'Nombre'),
    useIt: async (ctx, record) => {
      await created(ctx.api, '/materials', await materialBody(ctx, { materialCategoryId: record.id }));
      await created(ctx.api, '/suppliers', { name: `Proveedor auxiliar ${ctx.seq()}`, rfc: rfcMoral(300 + ctx.seq()), materialCategoryIds: [record.id] });
      return 'La categoría de materiales se usa en 1 material y 1 proveedor. Puedes desactivarla en su lugar.';
    },
  },
  {
    catalog: CATALOGS.materials,
    bodies: async (ctx) => [
      await materialBody(ctx, { name: 'Cemento gris 50 kg_Ñ', description: 'Saco de cemento', referencePrice: 245.5 }),
      await materialBody(ctx, { name: 'Varilla corrugada 3/8"', referencePrice: 189, active: false }),
    ],
    invalid: async (ctx) => ({
      body: await materialBody(ctx, { referencePrice: -1, unitId: 999999 }),
      fields: { referencePrice: FIELD_MESSAGES.moneyNegative },
    }),
    patch: async () => ({ referencePrice: 250.75 }),
    duplicate: async (ctx, first) => {
      const body = await materialBody(ctx, { code: String(first.code).toLowerCase() });
      return { body, fields: { code: duplicateMessage(CATALOGS.materials.nouns, 'Clave', String(body.code)) } };
    },
  },
  {
    catalog: CATALOGS.units,
    bodies: async () => [
      { abbreviation: 'm³', name: 'Metro cúbico de prueba' },
      { abbreviation: 'gal', name: 'Galón', active: false },
    ],
    invalid: async () => ({ body: { abbreviation: '', name: '' }, fields: { abbreviation: FIELD_MESSAGES.required, name: FIELD_MESSAGES.required } }),
    patch: async () => ({ name: 'Metro cúbico (prueba)' }),
    duplicate: async (_ctx, first) => {
      const body = { abbreviation: String(first.abbreviation).toUpperCase(), name: 'Otro nombre' };
      return { body, fields: { abbreviation: duplicateMessage(CATALOGS.units.nouns, 'Abreviatura', String(body.abbreviation)) } };
    },
    useIt: async (ctx, record) => {
      for (let i = 0; i < 12; i++) await created(ctx.api, '/materials', await materialBody(ctx, { unitId: record.id }));
      return 'La unidad se usa en 12 materiales. Puedes desactivarla en su lugar.';
    },
  },
  {
    catalog: CATALOGS.suppliers,
    bodies: async (ctx) => {
      const categories = await optionsOf(ctx.api, '/material-categories');
      return [
        {
          name: 'Ferretería Ñuñez 100%',
          rfc: rfcMoral(7),
          email: 'Ventas@Ferreteria.example',
          materialCategoryIds: [categories[0]?.value, categories[1]?.value],
        },
        { name: 'Maderas del Norte', rfc: rfcMoral(8), materialCategoryIds: [], active: false },
      ];
    },
    invalid: async () => ({
      body: { name: 'Sin RFC', rfc: '', email: 'no-es-correo', materialCategoryIds: [1, 1] },
      fields: { rfc: FIELD_MESSAGES.required, email: FIELD_MESSAGES.email, materialCategoryIds: FIELD_MESSAGES.repeatedOptions },
    }),
    patch: async (ctx) => ({ contactName: 'Lucía Ñuñez', materialCategoryIds: [(await optionsOf(ctx.api, '/material-categories'))[2]?.value] }),
    duplicate: async (_ctx, first) => {
      const body = { name: String(first.name).toUpperCase(), rfc: rfcMoral(9) };
      return { body, fields: { name: duplicateMessage(CATALOGS.suppliers.nouns, 'Nombre', String(body.name)) } };
    },
  },
  {
    catalog: CATALOGS.employees,
    bodies: async (ctx) => [
      await employeeBody(ctx, { firstName: 'José Ángel', lastName: 'Núñez', secondLastName: 'Peña', nss: nss(1), hireDate: '2025-03-10', dailySalary: 500, sdi: 524.65, position: 'Residente_100%' }),
      await employeeBody(ctx, { firstName: 'María', lastName: 'Zúñiga', status: 'baja', active: false }),
    ],
    invalid: async (ctx) => ({
      body: await employeeBody(ctx, { curp: 'ABC', nss: '123', email: 'correo', photoUrl: 'x'.repeat(501) }),
      fields: { curp: 'CURP inválida: debe tener 18 caracteres', nss: 'NSS inválido: debe tener 11 dígitos', email: FIELD_MESSAGES.email, photoUrl: FIELD_MESSAGES.maxLength(500) },
    }),
    patch: async () => ({ position: 'Superintendente' }),
    duplicate: async (ctx, first) => {
      const body = await employeeBody(ctx, { curp: String(first.curp).toLowerCase() });
      return { body, fields: { curp: duplicateMessage(CATALOGS.employees.nouns, 'CURP', String(first.curp)) } };
    },
    useIt: async (ctx, record) => {
      const roleId = await firstId(ctx.api, '/roles');
      await created(ctx.api, '/users', { username: `usuario.emp${ctx.seq()}`, password: 'Obra-Segura-2026', roleId, employeeId: record.id });
      return 'El empleado se usa en 1 usuario. Puedes desactivarlo en su lugar.';
    },
  },
  statusCase(CATALOGS.registrationStatuses),
  statusCase(CATALOGS.orderStatuses),
  statusCase(CATALOGS.stampStatuses),
  statusCase(CATALOGS.errorStatuses),
  {
    catalog: CATALOGS.roles,
    bodies: async () => [
      { name: 'Almacén Ñ 100%', description: 'Recibe materiales', permissions: [{ module: 'history', view: true, edit: true }, { module: 'config_materials', view: true }] },
      { name: 'Solo lectura', permissions: [] },
    ],
    invalid: async () => ({
      body: { name: '', permissions: [{ module: 'bodega', view: true }] },
      fields: { name: FIELD_MESSAGES.required, 'permissions.0.module': ROLE_MESSAGES.unknownModule },
    }),
    patch: async () => ({ description: 'Recibe y entrega materiales' }),
    duplicate: nameCase(CATALOGS.roles, 'Nombre'),
    useIt: async (ctx, record) => {
      await created(ctx.api, '/users', { username: `usuario.rol${ctx.seq()}`, password: 'Obra-Segura-2026', roleId: record.id });
      return 'El rol está asignado a 1 usuario';
    },
  },
  {
    catalog: CATALOGS.users,
    bodies: async (ctx) => {
      const roleId = await firstId(ctx.api, '/roles');
      return [
        { username: 'Jose.Nunez_1', password: 'Cemento y arena 2026', roleId },
        { username: 'zeta.inactivo', password: 'Otra-Clave-Segura', roleId, active: false },
      ];
    },
    invalid: async (ctx) => ({
      body: { username: 'ab', password: '12345678', roleId: await firstId(ctx.api, '/roles') },
      fields: { username: 'El usuario debe tener al menos 3 caracteres', password: PASSWORD_MESSAGES.common },
    }),
    patch: async () => ({ active: false }),
    duplicate: async (ctx, first) => {
      const body = { username: String(first.username).toUpperCase(), password: 'Otra-Clave-Segura', roleId: first.roleId };
      return { body, fields: { username: duplicateMessage(CATALOGS.users.nouns, 'Usuario', String(first.username)) } };
    },
    useIt: async (ctx, record) => {
      await ctx.api.patch(`${API}/users/${String(record.id)}`, { active: true, version: (await ctx.api.get(`${API}/users/${String(record.id)}`)).json().version });
      await login(ctx.app, String(record.username), 'Cemento y arena 2026');
      return 'El usuario se usa en 1 registro de actividad. Puedes desactivarlo en su lugar.';
    },
  },
];
