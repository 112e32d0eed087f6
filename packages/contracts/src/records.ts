import { z } from 'zod';

/*
 * Answers every record resource shares beyond its entity: the audit history of a record
 * (GET /<resource>/:id/history) and the non-blocking warnings of a write (the NSS check digit).
 */

/** Who made a change: the user, and the employee's name when the user has one. */
export const historyUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
});

/** Labels of the references an entry mentions: target resource key → id → label as it reads today (users by their person's name). */
export const historyLabelsSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type HistoryLabels = z.infer<typeof historyLabelsSchema>;

/**
 * One audited write: `action` is one of AUDIT_ACTIONS (history-kinds.ts; a string, so an entry of an
 * older release still reads); `changes` maps each changed field (a lines field: the whole list of
 * stored lines) or audited detail to its old and new value, as stored (ids); `labels` names the
 * references among them; `comment` is the comment of the status change the entry made, as the
 * record's timeline shows it (typed when sending, authorising or rejecting).
 */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  action: z.string(),
  user: historyUserSchema.nullable(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
  labels: historyLabelsSchema.default({}),
  comment: z.string().nullable().default(null),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Newest first. */
export const historyListSchema = z.array(historyEntrySchema);

/** Field → Spanish warning; the record was saved anyway. */
export const writeWarningsSchema = z.record(z.string(), z.string());
export type WriteWarnings = z.infer<typeof writeWarningsSchema>;

/** POST / PATCH answer: the saved entity, plus `warnings` when some value deserves a second look. */
export function savedRecordSchema<T extends z.ZodObject>(entity: T) {
  return entity.extend({ warnings: writeWarningsSchema.optional() });
}
