import { z } from 'zod';
import { employeesCatalog, type EmployeeStatus } from '../catalogs/employees';
import { f } from '../resources/fields';
import type { EnumOption } from '../resources/options';
import { pickSchemas, type FieldsCreateShape, type Flat } from '../resources/shapes';
import { defineResource, versionSchema } from '../resources/define';
import { REGISTRY_MESSAGES } from './messages';

/*
 * Altas y bajas (docs/registry.md): a personnel movement reported to the IMSS. The declaration says
 * fields, lists, views and the rules that need no database; the API adds the rest (employee state,
 * wage bounds, open duplicates, the weekly cut, applying the movement).
 */

export const MOVEMENT_TYPE_OPTIONS = [
  { value: 'alta', label: 'Alta', severity: 'success' },
  { value: 'baja', label: 'Baja', severity: 'danger' },
  { value: 'modificacion_salario', label: 'Modificación de salario', severity: 'info' },
] as const satisfies readonly EnumOption[];
export type MovementType = (typeof MOVEMENT_TYPE_OPTIONS)[number]['value'];
export const MOVEMENT_TYPES = MOVEMENT_TYPE_OPTIONS.map((o) => o.value) as [MovementType, ...MovementType[]];

export const MOVEMENT_SCOPE_OPTIONS = [
  { value: 'oficina', label: 'Oficina' },
  { value: 'obra', label: 'Obra' },
] as const satisfies readonly EnumOption[];
export type MovementScope = (typeof MOVEMENT_SCOPE_OPTIONS)[number]['value'];

export const WORKER_TYPE_OPTIONS = [
  { value: 'permanente', label: 'Permanente' },
  { value: 'eventual', label: 'Eventual' },
  { value: 'eventual_construccion', label: 'Eventual de la construcción' },
] as const satisfies readonly EnumOption[];
export type WorkerType = (typeof WORKER_TYPE_OPTIONS)[number]['value'];

/** IMSS causes of a baja (IDSE "causa de baja"). */
export const BAJA_REASON_OPTIONS = [
  { value: '1', label: '1 · Término de contrato' },
  { value: '2', label: '2 · Separación voluntaria' },
  { value: '3', label: '3 · Abandono de empleo' },
  { value: '4', label: '4 · Defunción' },
  { value: '5', label: '5 · Clausura' },
  { value: '6', label: '6 · Otras' },
  { value: '7', label: '7 · Ausentismo' },
  { value: '8', label: '8 · Rescisión de contrato' },
  { value: '9', label: '9 · Jubilación' },
  { value: 'A', label: 'A · Pensión' },
] as const satisfies readonly EnumOption[];
export type BajaReason = (typeof BAJA_REASON_OPTIONS)[number]['value'];

export const CUT_STATUS_OPTIONS = [
  { value: 'abierto', label: 'Abierto', severity: 'info' },
  { value: 'cerrado', label: 'Cerrado', severity: 'secondary' },
] as const satisfies readonly EnumOption[];
export type CutStatus = (typeof CUT_STATUS_OPTIONS)[number]['value'];

/** Registration statuses after which a movement's fields no longer change. */
export const FINISHED_REGISTRATION_CODES: readonly string[] = ['aplicado', 'cancelado'];

/** Types that carry a salary (alta, modificación). */
export const typeHasSalary = (type: unknown) => type === 'alta' || type === 'modificacion_salario';

const { employeeNumber, firstName, lastName, secondLastName, curp, rfc, nss, position, email, phone } = employeesCatalog.fieldMap;

/**
 * A new employee captured with an alta: the employees catalogue's own fields and validation (CURP,
 * RFC and NSS check digits); company, work, salary and dates come from the movement.
 */
const newEmployeeFields = { employeeNumber, firstName, lastName, secondLastName, curp, rfc, nss, position, email, phone };
/** Fields the catalogue leaves optional that a new employee's alta requires: IDSE cannot register an alta without the NSS. */
export const NEW_EMPLOYEE_REQUIRED: readonly string[] = ['nss'];
export const newEmployeeSchema = z
  .object(pickSchemas(newEmployeeFields, 'create') as Flat<FieldsCreateShape<typeof newEmployeeFields>>)
  .superRefine((employee, ctx) => {
    if (employee.nss === null || employee.nss === undefined || employee.nss === '') ctx.addIssue({ code: 'custom', path: ['nss'], message: REGISTRY_MESSAGES.nssRequired });
  });

const present = (value: unknown) => value !== null && value !== undefined;

/** Employee statuses a movement of this type may name (the API refuses the others). */
const employeesOffered = (type: unknown): readonly EmployeeStatus[] | null => (type === 'alta' ? ['baja'] : type === undefined || type === null ? null : ['activo']);

export const registryMovementsResource = defineResource({
  key: 'registryMovements',
  resource: '/registry/movements',
  module: 'registry_office',
  nouns: { singular: 'movimiento', plural: 'movimientos', article: 'el' },
  fields: {
    type: f.enum({ label: 'Tipo', required: true, options: MOVEMENT_TYPE_OPTIONS }),
    scope: f.enum({ label: 'Ámbito', required: true, options: MOVEMENT_SCOPE_OPTIONS }),
    // An alta picks among employees who are not active; a baja or a salary change among active ones.
    employeeId: f.reference({ label: 'Empleado', target: 'employees', displayKey: 'employee', offer: (v) => employeesOffered(v.type) }),
    employeeNumber: f.text({ label: 'Número de empleado', readOnly: true }),
    employeeNss: f.text({ label: 'NSS', readOnly: true }),
    employeeCurp: f.text({ label: 'CURP', readOnly: true, list: { shownByDefault: false } }),
    companyId: f.reference({ label: 'Empresa', required: true, target: 'companies', displayKey: 'company' }),
    workId: f.reference({ label: 'Obra', target: 'works', displayKey: 'work' }),
    effectiveDate: f.date({ label: 'Fecha efectiva', required: true }),
    late: f.flag({ label: 'Fuera de plazo' }),
    workerType: f.enum({ label: 'Tipo de trabajador', required: true, options: WORKER_TYPE_OPTIONS }),
    dailySalary: f.money({ label: 'Salario diario' }),
    sdi: f.money({ label: 'SDI', hint: 'Salario diario integrado' }),
    bajaReason: f.enum({ label: 'Causa de baja', options: BAJA_REASON_OPTIONS }),
    registrationStatusId: f.status({ label: 'Estatus de alta', target: 'registrationStatuses', displayKey: 'registrationStatus' }),
    stampStatusId: f.status({ label: 'Estatus de timbre', target: 'stampStatuses', displayKey: 'stampStatus' }),
    errorStatusId: f.status({ label: 'Estatus de error', target: 'errorStatuses', displayKey: 'errorStatus' }),
    errorDetail: f.textarea({ label: 'Detalle del error', readOnly: true, maxLength: 500 }),
    notes: f.textarea({ label: 'Notas', maxLength: 1000 }),
    cutId: f.reference({ label: 'Corte', target: 'registryCuts', displayKey: 'cut', readOnly: true }),
    cutStatus: f.enum({ label: 'Estatus del corte', options: CUT_STATUS_OPTIONS, readOnly: true, list: { shownByDefault: false } }),
    createdById: f.reference({ label: 'Capturó', target: 'users', displayKey: 'createdBy', readOnly: true, list: { shownByDefault: false } }),
  },
  label: { fields: ['type', 'effectiveDate'], separator: ' · ' },
  defaultSort: '-createdAt',
  views: {
    oficina: { label: 'Oficinas', module: 'registry_office' },
    obra: { label: 'Obras', module: 'registry_works' },
    historico: { label: 'Histórico', module: 'registry_history' },
  },
  // Creating and editing depend on the movement's scope: the API checks the module of that scope.
  permissions: {
    create: [
      { module: 'registry_office', action: 'create' },
      { module: 'registry_works', action: 'create' },
    ],
    edit: [
      { module: 'registry_office', action: 'edit' },
      { module: 'registry_works', action: 'edit' },
    ],
  },
  guards: {
    edit: (row) => {
      if (row.cutStatus === 'cerrado') return REGISTRY_MESSAGES.cutClosed;
      const status = row.registrationStatus;
      return status && FINISHED_REGISTRATION_CODES.includes(status.code ?? '') ? REGISTRY_MESSAGES.finished(status.name) : null;
    },
  },
  rules: [
    { fields: ['scope', 'workId'], path: 'workId', message: REGISTRY_MESSAGES.workRequired, test: (v) => v.scope !== 'obra' || present(v.workId) },
    { fields: ['type', 'bajaReason'], path: 'bajaReason', message: REGISTRY_MESSAGES.bajaReasonRequired, test: (v) => v.type !== 'baja' || present(v.bajaReason) },
    { fields: ['type', 'bajaReason'], path: 'bajaReason', message: REGISTRY_MESSAGES.bajaReasonOnlyOnBaja, test: (v) => v.type === 'baja' || !present(v.bajaReason) },
    { fields: ['type', 'dailySalary'], path: 'dailySalary', message: REGISTRY_MESSAGES.dailySalaryRequired, test: (v) => !typeHasSalary(v.type) || present(v.dailySalary) },
    { fields: ['type', 'sdi'], path: 'sdi', message: REGISTRY_MESSAGES.sdiRequired, test: (v) => !typeHasSalary(v.type) || present(v.sdi) },
    {
      fields: ['dailySalary', 'sdi'],
      path: 'sdi',
      message: REGISTRY_MESSAGES.sdiBelowDailySalary,
      test: ({ dailySalary, sdi }) => typeof dailySalary !== 'number' || typeof sdi !== 'number' || sdi >= dailySalary,
    },
  ],
  extra: {
    create: { employee: newEmployeeSchema.optional() },
  },
});

export type RegistryMovement = z.output<typeof registryMovementsResource.schemas.entity>;
export type RegistryMovementCreate = z.input<typeof registryMovementsResource.schemas.createInput>;

/** PATCH /registry/movements/:id/status: statuses change in closed cuts too. */
export const movementStatusInputSchema = z.object({
  version: versionSchema,
  registrationStatusId: z.number({ error: REGISTRY_MESSAGES.statusNotFound }).int(REGISTRY_MESSAGES.statusNotFound).positive(REGISTRY_MESSAGES.statusNotFound).optional(),
  stampStatusId: z.number({ error: REGISTRY_MESSAGES.statusNotFound }).int(REGISTRY_MESSAGES.statusNotFound).positive(REGISTRY_MESSAGES.statusNotFound).optional(),
  errorStatusId: z.number({ error: REGISTRY_MESSAGES.statusNotFound }).int(REGISTRY_MESSAGES.statusNotFound).positive(REGISTRY_MESSAGES.statusNotFound).optional(),
  errorDetail: z
    .string({ error: 'Debe ser texto' })
    .trim()
    .max(500, 'Máximo 500 caracteres')
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional(),
});
export type MovementStatusInput = z.output<typeof movementStatusInputSchema>;

/**
 * GET /registry/employees/:id/defaults: what a new movement takes from its employee — the company it
 * is filed under, the worker type of the employee's latest movement and the salary in force (null
 * where GOC does not know it yet).
 */
export const employeeMovementDefaultsSchema = z.object({
  employeeId: z.number().int(),
  companyId: z.number().int(),
  /** The work the employee is at now (null: the office, or none). */
  workId: z.number().int().nullable(),
  workerType: z.enum(WORKER_TYPE_OPTIONS.map((o) => o.value) as [WorkerType, ...WorkerType[]]).nullable(),
  dailySalary: z.number().nullable(),
  sdi: z.number().nullable(),
});
export type EmployeeMovementDefaults = z.output<typeof employeeMovementDefaultsSchema>;

/** GET /registry/cuts/capture: the cut a movement captured now goes to, and the week's own cut when it was closed early. */
export const captureCutSchema = z.object({
  label: z.string(),
  /** This week's cut, closed early (the movement goes to `label`, a later week); null when it is open. */
  closedLabel: z.string().nullable(),
});
export type CaptureCut = z.output<typeof captureCutSchema>;

/** Most movements one bulk status change takes. */
export const BULK_STATUS_MAX = 200;

/** POST /registry/cuts/:id/movements/status: several movements of a cut marked at once (sent, applied, stamped). */
export const bulkMovementStatusSchema = z.object({
  items: z
    .array(z.object({ id: z.number({ error: REGISTRY_MESSAGES.bulkEmpty }).int(REGISTRY_MESSAGES.bulkEmpty).positive(REGISTRY_MESSAGES.bulkEmpty), version: versionSchema }), {
      error: REGISTRY_MESSAGES.bulkEmpty,
    })
    .min(1, REGISTRY_MESSAGES.bulkEmpty)
    .max(BULK_STATUS_MAX, REGISTRY_MESSAGES.bulkTooMany(BULK_STATUS_MAX))
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, REGISTRY_MESSAGES.bulkRepeated),
  registrationStatusId: movementStatusInputSchema.shape.registrationStatusId,
  stampStatusId: movementStatusInputSchema.shape.stampStatusId,
}).refine((body) => body.registrationStatusId !== undefined || body.stampStatusId !== undefined, { message: REGISTRY_MESSAGES.bulkNothing, path: ['registrationStatusId'] });
export type BulkMovementStatus = z.output<typeof bulkMovementStatusSchema>;
