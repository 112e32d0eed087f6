import { z } from 'zod';
import { exportQuerySchema, listQuerySchema, type Filters } from '../list-query';
import { statusDisplaySchema } from './fields';
import { historyUserSchema } from '../records';
import { versionSchema, type AnyResource } from './define';

/*
 * Request and answer shapes every resource with views or a workflow shares: the `scope` of its lists,
 * the body of POST /:id/transitions and the timeline of status changes.
 */

const viewNames = (resource: Pick<AnyResource, 'views'>) => Object.keys(resource.views ?? {});

/** `scope=<view>` (default: the first view) for resources with views; nothing for the others. */
function scopeParam(resource: Pick<AnyResource, 'views'>) {
  const names = viewNames(resource);
  const [first, ...rest] = names;
  if (first === undefined) return {};
  return { scope: z.enum([first, ...rest], { error: `La vista debe ser una de: ${names.join(', ')}` }).default(first) };
}

/** Fields the server decides as yes / no (`f.flag`): each is also a query parameter of lists and exports. */
export const flagFieldNames = (resource: Pick<AnyResource, 'fields'>) =>
  resource.fields.filter((f) => f.type === 'boolean' && f.form === 'readOnly').map((f) => f.name);

export const flagParamMessage = (name: string) => `El parámetro ${name} debe ser 0 o 1`;

/** `needsApproval=1` (or 0): the rows where the flag holds (or not), the same as an `equals` filter on it. */
function flagParams(resource: Pick<AnyResource, 'fields'>) {
  return Object.fromEntries(flagFieldNames(resource).map((name) => [name, z.enum(['0', '1'], { error: flagParamMessage(name) }).optional()]));
}

export const flagParamTwiceMessage = (name: string) => `Indica ${name} como parámetro o como filtro, no de las dos formas`;

/** A flag given both as a parameter and in `filters` is refused: the two could disagree. */
function oneFlagSource(resource: Pick<AnyResource, 'fields'>) {
  const names = flagFieldNames(resource);
  return (query: { filters: Filters } & Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const name of names) {
      if (query[name] !== undefined && query.filters[name] !== undefined) ctx.addIssue({ code: 'custom', message: flagParamTwiceMessage(name), path: [name] });
    }
  };
}

/** The list's filters with its flag parameters added as `equals` constraints. */
export function withFlagFilters(resource: Pick<AnyResource, 'fields'>, query: Readonly<Record<string, unknown>>, filters: Filters): Filters {
  const merged: Filters = { ...filters };
  for (const name of flagFieldNames(resource)) {
    const value = query[name];
    if (value === '0' || value === '1') merged[name] = { operator: 'and', constraints: [{ matchMode: 'equals', value: value === '1' }] };
  }
  return merged;
}

/** GET /resource query: the list protocol, plus `scope` when the resource has views and its flag parameters. */
export const resourceListQuerySchema = (resource: Pick<AnyResource, 'views' | 'fields'>) =>
  listQuerySchema.extend({ ...scopeParam(resource), ...flagParams(resource) }).superRefine(oneFlagSource(resource));
export const LINES_EXPORT_MESSAGE = 'El parámetro lines debe ser 0 (una fila por registro) o 1 (una fila por partida)';

/** `lines=1`: one row per child line instead of one per record, for resources with a lines field. */
function linesParam(resource: Pick<AnyResource, 'fields'>) {
  if (!resource.fields.some((f) => f.type === 'lines')) return {};
  return {
    lines: z
      .enum(['0', '1'], { error: LINES_EXPORT_MESSAGE })
      .optional()
      .transform((v) => v === '1'),
  };
}

/** GET /resource/export query: the list's, plus `scope` when the resource has views, `lines` when it has lines and its flag parameters. */
export const resourceExportQuerySchema = (resource: Pick<AnyResource, 'views' | 'fields'>) =>
  exportQuerySchema.extend({ ...scopeParam(resource), ...linesParam(resource), ...flagParams(resource) }).superRefine(oneFlagSource(resource));

export const COMMENT_MAX_LENGTH = 500;
export const WORKFLOW_MESSAGES = {
  comment: `El comentario admite como máximo ${COMMENT_MAX_LENGTH} caracteres`,
  commentRequired: 'Escribe el motivo',
  status: (names: readonly string[]) => `El estatus de destino debe ser uno de: ${names.join(', ')}`,
  /** 409: the record's current status does not lead there. */
  notFrom: (current: string, target: string) => `No se puede pasar a «${target}» desde «${current}»`,
  /** 403: an action only the record's owner may take. */
  ownerOnly: (ownerLabel: string) => `Solo quien figura como ${ownerLabel.toLowerCase()} puede hacerlo`,
} as const;

/** POST /resource/:id/transitions body: the status to move to, the version read, a comment, and the workflow's own fields. */
export function transitionInputSchema(resource: Pick<AnyResource, 'workflow'>) {
  const workflow = resource.workflow;
  if (!workflow) throw new Error('transitionInputSchema: the resource has no workflow');
  const targets = [...new Set(workflow.actions.map((a) => a.to))];
  const [first, ...rest] = targets;
  if (first === undefined) throw new Error('transitionInputSchema: the workflow has no actions');
  return z.object({
    to: z.enum([first, ...rest], { error: WORKFLOW_MESSAGES.status(targets) }),
    version: versionSchema,
    comment: z
      .string({ error: WORKFLOW_MESSAGES.comment })
      .trim()
      .max(COMMENT_MAX_LENGTH, WORKFLOW_MESSAGES.comment)
      .transform((s) => (s === '' ? null : s))
      .nullable()
      .optional(),
    ...workflow.input,
  });
}

/** One status change of a record, oldest first: who moved it, when, from → to, and why. */
export const timelineEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  from: statusDisplaySchema.nullable(),
  to: statusDisplaySchema,
  user: historyUserSchema.nullable(),
  comment: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
