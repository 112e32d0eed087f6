import { defineCatalog } from './define';
import { f } from '../resources/fields';
import { WORK_STATUS_OPTIONS } from '../works/statuses';

/** Entidades federativas, stored by name. */
export const MEXICAN_STATES = [
  'Aguascalientes', 'Baja California', 'Baja California Sur', 'Campeche', 'Chiapas', 'Chihuahua',
  'Ciudad de México', 'Coahuila', 'Colima', 'Durango', 'Estado de México', 'Guanajuato', 'Guerrero',
  'Hidalgo', 'Jalisco', 'Michoacán', 'Morelos', 'Nayarit', 'Nuevo León', 'Oaxaca', 'Puebla', 'Querétaro',
  'Quintana Roo', 'San Luis Potosí', 'Sinaloa', 'Sonora', 'Tabasco', 'Tamaulipas', 'Tlaxcala', 'Veracruz',
  'Yucatán', 'Zacatecas',
] as const;

export const WORK_MESSAGES = {
  endBeforeStart: 'La fecha estimada de término no puede ser anterior a la fecha de inicio',
  subcategoryOutsideCategory: 'La subcategoría no pertenece a la categoría seleccionada',
} as const;

/** Obras: the construction sites of the group's companies. */
export const worksCatalog = defineCatalog({
  key: 'works',
  resource: '/works',
  module: 'config_work',
  route: 'workCatalog',
  nouns: { singular: 'obra', plural: 'obras', article: 'la' },
  fields: {
    code: f.text({ example: 'OB-2026-901', label: 'Clave', required: true, maxLength: 40, unique: true }),
    name: f.text({ example: 'Bodega de materiales, Parque Industrial Norte', label: 'Nombre', required: true, maxLength: 200 }),
    companyId: f.reference({ label: 'Empresa', required: true, target: 'companies', displayKey: 'company' }),
    categoryId: f.reference({ label: 'Categoría', required: true, target: 'categories', displayKey: 'category' }),
    subcategoryId: f.reference({
      label: 'Subcategoría',
      target: 'subcategories',
      displayKey: 'subcategory',
      dependsOn: { field: 'categoryId', message: WORK_MESSAGES.subcategoryOutsideCategory },
    }),
    address: f.textarea({ example: 'Carretera 57 km 22, Parque Industrial Norte', label: 'Dirección', maxLength: 500 }),
    city: f.text({ example: 'Querétaro', label: 'Ciudad', maxLength: 100 }),
    state: f.enum({ label: 'Estado', options: MEXICAN_STATES.map((s) => ({ value: s, label: s })) }),
    startDate: f.date({ label: 'Fecha de inicio' }),
    estimatedEndDate: f.date({ label: 'Fecha estimada de término' }),
    budget: f.money({ label: 'Presupuesto', default: 0 }),
    // Orders autorizado onwards against the budget, and what is left of it (docs/orders.md "Budget commitments").
    committed: f.money({ label: 'Comprometido', readOnly: true, list: { shownByDefault: false } }),
    available: f.money({ label: 'Disponible', readOnly: true, list: { shownByDefault: false } }),
    sirocNumber: f.text({ example: '0009901/26', label: 'Registro SIROC', maxLength: 40, list: { shownByDefault: false } }),
    residentId: f.reference({ label: 'Residente de obra', target: 'employees', displayKey: 'resident' }),
    status: f.enum({ label: 'Estatus', options: WORK_STATUS_OPTIONS, default: 'planeacion' }),
    active: f.active(),
  },
  label: { fields: ['code', 'name'], separator: ' · ' },
  optionExtras: { parentId: 'companyId', filter: 'status' },
  defaultSort: 'code',
  rules: [
    {
      fields: ['startDate', 'estimatedEndDate'],
      path: 'estimatedEndDate',
      message: WORK_MESSAGES.endBeforeStart,
      test: ({ startDate, estimatedEndDate }) =>
        typeof startDate !== 'string' || typeof estimatedEndDate !== 'string' || estimatedEndDate >= startDate,
    },
  ],
});
