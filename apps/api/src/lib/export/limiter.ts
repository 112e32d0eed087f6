import { createSlots, type Slots } from '../slots';

/**
 * Exports are the heaviest requests (an XLSX of 100 000 rows keeps a core busy for seconds), so few
 * run at once: beyond `perUser` for one user or `global` in the process, the next one gets a 429
 * instead of slowing every other request down.
 */
export interface ExportLimits {
  perUser: number;
  global: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { perUser: 2, global: 3 };

export const EXPORT_LIMIT_MESSAGES = {
  perUser: 'Ya tienes exportaciones en curso. Espera a que terminen e inténtalo de nuevo.',
  global: 'Hay demasiadas exportaciones en curso. Inténtalo de nuevo en unos momentos.',
} as const;

export type ExportLimiter = Slots;

export const createExportLimiter = (limits: ExportLimits): ExportLimiter => createSlots(limits);
