import { formatDay, formatPesos, formatWeek, type BusinessWeek } from '@goc/contracts';

/** Texts of the movements pages that the shared list and form do not already provide. */
export const movementTexts = {
  create: 'Nuevo movimiento',
  week: 'Semana',
  previousWeek: 'Semana anterior',
  nextWeek: 'Semana siguiente',
  thisWeek: 'Esta semana',
  pickWeek: 'Elegir un día de la semana',
  weekLabel: (week: BusinessWeek) => formatWeek(week),
  workFilter: 'Obra',
  late: 'Fuera de plazo',
  lateWarning: 'Fuera de plazo: la fecha efectiva es de más de 5 días hábiles antes de hoy. Se registrará marcado.',
  sdiBounds: (minimum: number, cap: number, day: string) =>
    `Mínimo ${formatPesos(minimum)} (salario mínimo) · máximo ${formatPesos(cap)} (25 UMA), vigentes el ${formatDay(day)}`,
  noWages: 'No hay parámetros salariales vigentes en la fecha efectiva',
  newEmployee: 'Empleado nuevo',
  newEmployeeHint: 'Captura sus datos: se registra con el alta y queda activo cuando el IMSS la aplique.',
  newEmployeeTitle: 'Datos del empleado nuevo',
  changeStatus: 'Cambiar estatus',
  statusTitle: (label: string) => `Estatus del movimiento ${label}`,
  statusSaved: 'Estatus actualizados',
  statusFailed: 'No se pudieron cambiar los estatus',
  registrationFinal: 'El estatus de alta ya es definitivo; solo cambian el timbre y el error.',
  staleHint: 'Cierra este diálogo: la lista se recarga con los datos actuales y puedes intentarlo de nuevo.',
} as const;
