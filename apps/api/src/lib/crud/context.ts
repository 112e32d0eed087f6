import { PgTransaction, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { checkResourceRules, notFoundMessage, type AnyResource, type ResourceField, type WriteWarnings } from '@goc/contracts';
import type { Db, Tx } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorInfo } from '../db-errors';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../errors';
import { duplicateFromConstraint } from './checks';
import { resourceSource, type Entity, type ResourceSource } from './source';
import type { ResourceRegistry } from './tables';
import type { Actor, Input, ResourceBinding, ResourceHooks } from './types';

/*
 * What the read, write and guarded-update parts of a resource's service share: the binding seen as
 * plain records, its source (SQL of reads), and the derivations every write needs. Built once per
 * service (service.ts).
 */

export interface ResourceContext {
  resource: AnyResource;
  binding: ResourceBinding;
  hooks: ResourceHooks;
  source: ResourceSource;
  /** The audit trail's and the events' name of the resource. */
  auditEntity: string;
  /** The fields a create or update writes into columns of the table. */
  writableColumns: readonly ResourceField[];
  /** The single-default field and its column, when declared. */
  singleDefault: string | undefined;
  defaultColumn: AnyPgColumn | undefined;
  notFound(): AppError;
  /** The stored values of an entity as the audit trail keeps them (lines without ids or display values). */
  pickStored(entity: Readonly<Record<string, unknown>> | null): Record<string, unknown> | null;
  /** Column values of the writable fields present in `input` (money as 2-decimal text). */
  columnValues(fields: readonly { name: string; type: string }[], input: Input): Record<string, unknown>;
  warningsFor(values: Input, changed: ReadonlySet<string>): WriteWarnings;
  checkRules(merged: Readonly<Record<string, unknown>>): void;
  /** A per-row refusal of the declaration (an order is edited only while borrador, by its requester) → 409 with its reason. */
  checkGuard(kind: 'edit' | 'delete', row: Entity, actor: Actor): void;
  /**
   * Runs a write's transaction, turning constraint races into the same answers the pre-checks give.
   * Given an open transaction (an import writing many records at once) the write joins it: its
   * refusal is the caller's to roll back, with everything else the caller wrote.
   */
  transaction<T>(db: Db | Tx, merged: () => Readonly<Record<string, unknown>>, work: (tx: Tx) => Promise<T>): Promise<T>;
}

export function resourceContext(registry: ResourceRegistry, binding: ResourceBinding): ResourceContext {
  const resource = binding.declaration;
  const source = resourceSource(registry, binding);
  const storedFields = resource.fields
    .filter((f) => source.columns.has(f.name) || f.type === 'multiReference' || f.type === 'lines')
    .map((f) => f.name);
  const singleDefault = resource.singleDefault?.field;

  /** A line as the audit trail keeps it: its stored values, without ids or display values. */
  const storedLine = (fields: readonly string[]) => (line: Entity) => Object.fromEntries(fields.map((name) => [name, line[name] ?? null]));
  const lineStoredFields = new Map(source.lines.map((l) => [l.field.name, [...l.shape.columns.keys()]]));

  return {
    resource,
    binding,
    hooks: binding.hooks ?? {},
    source,
    auditEntity: resource.key,
    writableColumns: resource.fields.filter((f) => f.form !== 'readOnly' && source.columns.has(f.name)),
    singleDefault,
    defaultColumn: singleDefault ? source.columns.get(singleDefault) : undefined,
    notFound: () => new NotFoundError(notFoundMessage(resource.nouns)),

    pickStored: (entity) =>
      entity
        ? Object.fromEntries(
            storedFields.map((name) => {
              const value = entity[name] ?? null;
              const lineFields = lineStoredFields.get(name);
              return [name, lineFields && Array.isArray(value) ? value.map(storedLine(lineFields)) : value];
            }),
          )
        : null,

    columnValues(fields, input) {
      const values: Record<string, unknown> = {};
      for (const field of fields) {
        const value = input[field.name];
        if (value === undefined) continue;
        values[field.name] = field.type === 'money' && typeof value === 'number' ? value.toFixed(2) : value;
      }
      return values;
    },

    warningsFor(values, changed) {
      const warnings: WriteWarnings = {};
      for (const field of resource.fields) {
        const value = values[field.name];
        if (!field.warning || !changed.has(field.name) || typeof value !== 'string') continue;
        const warning = field.warning(value);
        if (warning) warnings[field.name] = warning;
      }
      return warnings;
    },

    checkRules(merged) {
      const problems = checkResourceRules(resource.rules, merged);
      if (problems.length > 0) throw new ValidationError(Object.fromEntries(problems.map((p) => [p.path, p.message])));
    },

    checkGuard(kind, row, actor) {
      const reason = resource.guards[kind]?.(row, actor);
      if (reason) throw new ConflictError(reason);
    },

    async transaction(db, merged, work) {
      try {
        return await (db instanceof PgTransaction ? work(db as Tx) : db.transaction(work));
      } catch (error) {
        if (error instanceof AppError) throw error;
        const info = pgErrorInfo(error);
        if (info?.code === PG_UNIQUE_VIOLATION) throw duplicateFromConstraint(resource, info.constraint, merged());
        throw error;
      }
    },
  };
}
