import type { EnumOption } from '../resources/options';

/* A work's statuses apart from its catalogue definition: Inicio's indicators name them without loading the definitions' machinery. */
export const WORK_STATUS_OPTIONS = [
  { value: 'planeacion', label: 'Planeación', severity: 'info' },
  { value: 'en_ejecucion', label: 'En ejecución', severity: 'success' },
  { value: 'suspendida', label: 'Suspendida', severity: 'warn' },
  { value: 'terminada', label: 'Terminada', severity: 'secondary' },
] as const satisfies readonly EnumOption[];
export type WorkStatus = (typeof WORK_STATUS_OPTIONS)[number]['value'];
