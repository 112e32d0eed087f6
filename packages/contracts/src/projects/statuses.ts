import type { EnumOption } from '../resources/options';

/* A project's statuses apart from its resource definition: Inicio's indicators name them without loading the definitions' machinery. */
export const PROJECT_STATUS_OPTIONS = [
  { value: 'planeado', label: 'Planeado', severity: 'info' },
  { value: 'activo', label: 'Activo', severity: 'success' },
  { value: 'pausado', label: 'Pausado', severity: 'warn' },
  { value: 'terminado', label: 'Terminado', severity: 'secondary' },
] as const satisfies readonly EnumOption[];
export type ProjectStatus = (typeof PROJECT_STATUS_OPTIONS)[number]['value'];
