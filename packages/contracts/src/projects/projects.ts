import { f } from '../resources/fields';
import { defineResource } from '../resources/define';
import { PROJECT_STATUS_OPTIONS } from './statuses';

export const PROJECT_MESSAGES = {
  endBeforeStart: 'La fecha de término no puede ser anterior a la fecha de inicio',
} as const;

/** Order statuses whose amount counts as ordered (bought or delivered) against a budget. */
export const ORDERED_STATUS_CODES = ['comprado', 'entregado_parcial', 'entregado'] as const;

/**
 * Order statuses whose total is committed against a budget: from the authorisation on (docs/orders.md
 * "Budget commitments"). A budget of 0 means none was set.
 */
export const COMMITTED_STATUS_CODES = ['autorizado', 'comprado', 'entregado_parcial', 'entregado'] as const;

/**
 * Proyectos: pieces of a work with a manager and members. `mine` shows the projects the signed-in
 * user manages or belongs to; `all` needs projects.edit. Orders point at projects (an order's project
 * must belong to its work: options carry the work as `parentId`); `ordered` sums those orders,
 * `committed` the authorised ones too and `available` is the budget left after them.
 */
export const projectsResource = defineResource({
  key: 'projects',
  resource: '/projects',
  module: 'projects',
  route: 'myProjects',
  nouns: { singular: 'proyecto', plural: 'proyectos', article: 'el' },
  fields: {
    code: f.text({ label: 'Clave', required: true, maxLength: 40, unique: true }),
    name: f.text({ label: 'Nombre', required: true, maxLength: 200 }),
    description: f.textarea({ label: 'Descripción', maxLength: 1000 }),
    workId: f.reference({ label: 'Obra', required: true, target: 'works', displayKey: 'work' }),
    managerId: f.reference({ label: 'Responsable', required: true, target: 'users', displayKey: 'manager' }),
    memberIds: f.multiReference({ label: 'Miembros', target: 'users', displayKey: 'members' }),
    startDate: f.date({ label: 'Fecha de inicio' }),
    endDate: f.date({ label: 'Fecha de término' }),
    budget: f.money({ label: 'Presupuesto', default: 0 }),
    progress: f.number({ label: 'Avance (%)', integer: true, min: 0, max: 100, default: 0 }),
    status: f.enum({ label: 'Estatus', options: PROJECT_STATUS_OPTIONS, default: 'planeado' }),
    ordered: f.money({ label: 'Comprado', readOnly: true }),
    committed: f.money({ label: 'Comprometido', readOnly: true }),
    available: f.money({ label: 'Disponible', readOnly: true }),
  },
  label: { fields: ['code', 'name'], separator: ' · ' },
  optionExtras: { parentId: 'workId', filter: 'status' },
  options: true,
  defaultSort: 'code',
  views: {
    mine: { label: 'Mis proyectos', module: 'projects', route: 'myProjects' },
    all: { label: 'Todos los proyectos', module: 'projects', action: 'edit' },
  },
  rules: [
    {
      fields: ['startDate', 'endDate'],
      path: 'endDate',
      message: PROJECT_MESSAGES.endBeforeStart,
      test: ({ startDate, endDate }) => typeof startDate !== 'string' || typeof endDate !== 'string' || endDate >= startDate,
    },
  ],
});
