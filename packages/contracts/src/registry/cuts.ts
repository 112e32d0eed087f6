import { z } from 'zod';
import { f } from '../resources/fields';
import { defineResource, versionSchema } from '../resources/define';
import { CUT_STATUS_OPTIONS, MOVEMENT_TYPES } from './movements';
import { REGISTRY_MESSAGES } from './messages';

/*
 * Weekly cuts (Histórico de Registro): every movement belongs to the cut of the Monday–Sunday week
 * (Mexico City) in which it was captured; the cut is created on first use and closed by HR, which
 * freezes its movements' fields (their statuses still change).
 */

/** Counts of a cut's movements. */
export const cutTotalsSchema = z.object({
  movements: z.number().int(),
  altas: z.number().int(),
  bajas: z.number().int(),
  modificaciones: z.number().int(),
  oficina: z.number().int(),
  obra: z.number().int(),
  late: z.number().int(),
  /** Per registration status code (or name for rows without code). */
  byRegistrationStatus: z.array(z.object({ id: z.number().int(), code: z.string().nullable(), name: z.string(), color: z.string().nullable(), count: z.number().int() })),
});
export type CutTotals = z.infer<typeof cutTotalsSchema>;

/** One line of a cut's summary per work (office movements have no work). */
export const cutWorkSummarySchema = z.object({
  work: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  altas: z.number().int(),
  bajas: z.number().int(),
  modificaciones: z.number().int(),
  late: z.number().int(),
});
export type CutWorkSummary = z.infer<typeof cutWorkSummarySchema>;

export const registryCutsResource = defineResource({
  key: 'registryCuts',
  resource: '/registry/cuts',
  module: 'registry_history',
  route: 'registryHistory',
  nouns: { singular: 'corte', plural: 'cortes semanales', article: 'el' },
  fields: {
    label: f.text({ label: 'Semana', readOnly: true }),
    startDate: f.date({ label: 'Desde', readOnly: true }),
    endDate: f.date({ label: 'Hasta', readOnly: true }),
    status: f.enum({ label: 'Estatus', options: CUT_STATUS_OPTIONS, readOnly: true }),
    closedAt: f.datetime({ label: 'Cerrado el' }),
    closedById: f.reference({ label: 'Cerrado por', target: 'users', displayKey: 'closedBy', readOnly: true }),
  },
  label: { fields: ['label'] },
  defaultSort: '-startDate',
  options: true,
  extra: { entity: { totals: cutTotalsSchema, works: z.array(cutWorkSummarySchema) } },
});

export type RegistryCut = z.output<typeof registryCutsResource.schemas.entity>;

/** POST /registry/cuts/:id/close. */
export const closeCutInputSchema = z.object({
  version: versionSchema,
  /** Close the current week before it ends. */
  force: z.boolean({ error: 'Debe ser sí o no' }).default(false),
});
export type CloseCutInput = z.output<typeof closeCutInputSchema>;

/** GET /registry/cuts/:id/idse query. */
export const idseQuerySchema = z.object({
  companyId: z.coerce.number({ error: REGISTRY_MESSAGES.idseCompany }).int(REGISTRY_MESSAGES.idseCompany).positive(REGISTRY_MESSAGES.idseCompany),
  type: z.enum(MOVEMENT_TYPES, { error: REGISTRY_MESSAGES.idseType }),
  /** `txt` (default) answers the file itself; `json` the file with the movements it refused. */
  format: z.enum(['txt', 'json'], { error: REGISTRY_MESSAGES.idseFormat }).default('txt'),
});

/** GET /registry/cuts/:id/export query. */
export const cutExportQuerySchema = z.object({ format: z.literal('xlsx', { error: 'El formato debe ser xlsx' }).default('xlsx') });
