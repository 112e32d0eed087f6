import { formatDay } from '../dates/display';
import { EMPLOYEE_MESSAGES } from '../catalogs/employees';

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
/** $1,234.50 */
export const formatPesos = (value: number) => money.format(value);

/** Every refusal of the registry, in Spanish, next to its field (docs/registry.md). */
export const REGISTRY_MESSAGES = {
  workRequired: 'Selecciona la obra del movimiento',
  workOfOtherCompany: 'La obra no pertenece a la empresa seleccionada',
  employeeRequired: 'Selecciona un empleado o captura uno nuevo',
  employeeTwice: 'Selecciona un empleado o captura uno nuevo, no ambos',
  newEmployeeOnlyOnAlta: 'Solo un alta puede registrar un empleado nuevo',
  altaOfActive: 'El empleado ya está activo; no se le puede dar de alta',
  bajaOfInactive: 'El empleado no está activo; no se le puede dar de baja',
  changeOfInactive: 'El empleado no está activo; no se le puede modificar el salario',
  companyOfEmployee: (company: string) => `El empleado es de la empresa «${company}»: el movimiento debe ser de esa empresa`,
  bajaReasonRequired: 'Indica la causa de la baja',
  bajaReasonOnlyOnBaja: 'La causa de baja solo aplica a una baja',
  bajaBeforeHire: (hireDate: string) => `La fecha de la baja no puede ser anterior a la fecha de ingreso (${formatDay(hireDate)})`,
  dailySalaryRequired: 'Indica el salario diario',
  sdiRequired: 'Indica el salario diario integrado (SDI)',
  sdiBelowDailySalary: EMPLOYEE_MESSAGES.sdiBelowDailySalary,
  sdiBelowMinimum: (minimum: number) => `El SDI no puede ser menor que el salario mínimo vigente (${formatPesos(minimum)})`,
  sdiAboveCap: (cap: number) => `El SDI no puede ser mayor que 25 UMA (${formatPesos(cap)})`,
  noWageParameters: 'No hay parámetros salariales vigentes en la fecha efectiva',
  openMovement: (typeLabel: string) => `El empleado ya tiene un movimiento de ${typeLabel.toLowerCase()} abierto`,
  cutClosed: 'El corte semanal del movimiento está cerrado: solo cambian sus estatus',
  finished: (statusName: string) => `El movimiento está «${statusName}»: solo cambian sus estatus de timbre y error`,
  registrationFinal: (statusName: string) => `El movimiento ya está «${statusName}»; su estatus de alta ya no cambia`,
  statusNotFound: 'Selecciona un estatus válido',
  employeeNotFound: 'No se encontró el empleado',
  cutAlreadyClosed: 'El corte ya está cerrado',
  weekClosed: (label: string) => `El corte de esta semana (${label}) ya está cerrado: no admite movimientos nuevos`,
  cutNotOver: (end: string) => `La semana del corte termina el ${formatDay(end)}; ciérralo antes solo si es necesario (forzar)`,
  idseType: 'El tipo de movimiento debe ser alta, baja o modificacion_salario',
  idseCompany: 'Selecciona la empresa',
  idseNoEmployerRegistration: 'La empresa no tiene registro patronal',
  idseNss: 'El NSS del empleado no es válido (11 dígitos)',
  idseCurp: 'El empleado no tiene CURP válida',
  idseGuide: 'La empresa no tiene guía IMSS (5 dígitos)',
  idseSalary: 'El movimiento no tiene salario base de cotización',
  idseNssCheckDigit: 'El dígito verificador del NSS no coincide: el IMSS rechazaría el registro; corrige el NSS del empleado',
  idseWorkerKey: 'La clave del trabajador excede 10 caracteres',
  idseBajaReason: 'La baja no tiene causa',
  idseFormat: 'El formato debe ser txt o json',
} as const;
