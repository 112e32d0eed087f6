import { curpSchema, nssSchema, nssWarning, rfcSchema } from '../validators/mexican-ids';
import { defineCatalog } from './define';
import { f } from '../resources/fields';
import type { EnumOption } from '../resources/options';

export const EMPLOYEE_STATUS_OPTIONS = [
  { value: 'activo', label: 'Activo', severity: 'success' },
  { value: 'baja', label: 'Baja', severity: 'danger' },
] as const satisfies readonly EnumOption[];
export type EmployeeStatus = (typeof EMPLOYEE_STATUS_OPTIONS)[number]['value'];

export const EMPLOYEE_MESSAGES = {
  sdiBelowDailySalary: 'El SDI no puede ser menor que el salario diario',
} as const;

/** Empleados: office and field staff; altas / bajas change their status and work. */
export const employeesCatalog = defineCatalog({
  key: 'employees',
  resource: '/employees',
  module: 'config_employees',
  route: 'employees',
  nouns: { singular: 'empleado', plural: 'empleados', article: 'el' },
  fields: {
    employeeNumber: f.text({ example: 'EMP-9001', label: 'Número de empleado', required: true, maxLength: 20, unique: true }),
    firstName: f.text({ example: 'María', label: 'Nombre(s)', required: true, maxLength: 100 }),
    lastName: f.text({ example: 'López', label: 'Apellido paterno', required: true, maxLength: 100 }),
    secondLastName: f.text({ example: 'Hernández', label: 'Apellido materno', maxLength: 100 }),
    curp: f.text({ example: 'LOHM920415MJCPRR07', label: 'CURP', keyboard: 'upper', required: true, maxLength: 18, unique: true, schema: curpSchema }),
    rfc: f.text({ example: 'LOHM920415QK3', label: 'RFC', keyboard: 'upper', maxLength: 13, schema: rfcSchema, list: { shownByDefault: false } }),
    nss: f.text({ example: '04199234560', label: 'NSS', keyboard: 'numeric', maxLength: 15, unique: true, schema: nssSchema, warning: nssWarning }),
    position: f.text({ example: 'Auxiliar de residente', label: 'Puesto', maxLength: 100 }),
    companyId: f.reference({ label: 'Empresa', required: true, target: 'companies', displayKey: 'company' }),
    workId: f.reference({ label: 'Obra', target: 'works', displayKey: 'work' }),
    email: f.email({ label: 'Correo electrónico', list: { shownByDefault: false } }),
    phone: f.phone({ label: 'Teléfono', list: { shownByDefault: false } }),
    photoUrl: f.imageUrl({ label: 'Foto (URL)', list: { column: false, exported: false } }),
    hireDate: f.date({ label: 'Fecha de ingreso' }),
    dailySalary: f.money({ label: 'Salario diario', list: { shownByDefault: false } }),
    sdi: f.money({ label: 'SDI', hint: 'Salario diario integrado', list: { shownByDefault: false } }),
    status: f.enum({ label: 'Estatus', options: EMPLOYEE_STATUS_OPTIONS, default: 'activo' }),
    active: f.active(),
  },
  label: { fields: ['firstName', 'lastName', 'secondLastName'] },
  // Each option carries its company (a movement is filed under it) and the pickers filter by status.
  optionExtras: { parentId: 'companyId', filter: 'status' },
  defaultSort: 'lastName,secondLastName,firstName',
  rules: [
    {
      fields: ['dailySalary', 'sdi'],
      path: 'sdi',
      message: EMPLOYEE_MESSAGES.sdiBelowDailySalary,
      test: ({ dailySalary, sdi }) => typeof dailySalary !== 'number' || typeof sdi !== 'number' || sdi >= dailySalary,
    },
  ],
});
