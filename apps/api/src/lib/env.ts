import { z } from 'zod';

/*
 * Readers of environment variables shared by the process's configuration (config.ts) and the
 * modules' configuration fragments (lib/modules.ts `ConfigFragment`); messages name the variable.
 */

/** true/false, 1/0, yes/no, any case. */
export const booleanFlag = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), `${name} debe ser true o false`)
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Trimmed text; an empty variable is unset. */
export const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
