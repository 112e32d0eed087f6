import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AnyCatalog, AnyResource, PermissionEntry, PermissionRequirement } from '@goc/contracts';
import type { Executor, Tx } from '../../db/client';
import type { AuditChanges } from '../../db/schema';
import type { DerivedColumns } from '../bulk-insert';
import type { LinkTable } from './tables';
import type { Referrer } from './referrers';
import type { Entity } from './source';

/** Who asks: every service call gets it, for scoping, per-row guards and the audit trail. */
export interface Actor {
  userId: number;
  ip: string;
  /** The role's permissions of this request. */
  permissions: readonly PermissionEntry[];
}

/** What a hook running inside a write's transaction gets. */
export interface WriteContext {
  tx: Tx;
  actor: Actor;
}

/** A parsed create / update body (contracts createInput / updateInput output). */
export type Input = Readonly<Record<string, unknown>>;

/** A row as the API answers it for this resource. */
export type EntityOf<R extends AnyResource> = z.output<R['schemas']['entity']>;
export type CreateOf<R extends AnyResource> = z.output<R['schemas']['createInput']>;
export type UpdateOf<R extends AnyResource> = z.output<R['schemas']['updateInput']>;

/**
 * Column values a hook sets on the resource's table: the table's insert type (every column optional,
 * each also as SQL the write's statement evaluates) when the binding names its table's type, plain
 * values otherwise (catalogues, whose tables come from catalog-tables.ts).
 */
export type ColumnValues<T extends PgTable> = PgTable extends T ? Record<string, unknown> : { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL };

/**
 * Rules a resource adds to the generic ones. Hooks inside the transaction refuse a write by throwing
 * an AppError (everything rolls back, the audit entry included). Methods, so a typed binding fits
 * the generic mechanism.
 */
export interface ResourceHooks<E = Entity, C = Input, U = Input, V = Record<string, unknown>> {
  /** Before the transaction, for slow work (hashing a password). Returns extra column values to insert. */
  prepareCreate?(input: C): Promise<V>;
  /**
   * Inside the transaction, before the insert: checks, and column values the server sets (the
   * requester, the initial status). Sequences are allocated after it.
   */
  beforeCreate?(ctx: WriteContext, input: C): Promise<V | void>;
  /** After the insert; may return audit changes of data that is not a column (a role's matrix). */
  afterCreate?(ctx: WriteContext, created: E, input: C): Promise<AuditChanges | void>;
  /** Before the update: checks, and column values the server sets in the same statement. */
  beforeUpdate?(ctx: WriteContext, before: E, patch: U): Promise<V | void>;
  afterUpdate?(ctx: WriteContext, before: E, after: E, patch: U): Promise<AuditChanges | void>;
  beforeDelete?(ctx: WriteContext, before: E): Promise<void>;
  afterDelete?(ctx: WriteContext, before: E): Promise<void>;
  /** Adds what is not a column to entities (a role's permission matrix). */
  decorate?(executor: Executor, entities: E[]): Promise<void>;
}

/** The table of a `lines` field. */
export interface LineTable {
  table: PgTable;
  /** The parent's id. */
  owner: AnyPgColumn;
  /** 0-based order of the line within its parent. */
  position: AnyPgColumn;
  /** SQL of read-only line fields that are not columns (an amount = quantity × price). */
  computed?: Readonly<Record<string, SQL>>;
  /**
   * Columns the server sets on each line (the unit copied from the material): SQL over the line's own
   * columns that the lines' insert evaluates, so they cost no statement of their own.
   */
  derived?: DerivedColumns;
}

/** A gapless sequence formatted into a read-only field on create (folio PED-000123). */
export interface SequenceBinding {
  /** Counter name in the `counters` table. */
  counter: string;
  format(value: number): string;
}

/** What a workflow action's hook may do inside the transition's transaction. */
export interface TransitionOutcome {
  /** Column values set with the status. */
  values?: Record<string, unknown>;
  /** The status actually reached, when the server decides (a delivery is partial or complete). */
  to?: string;
  /** Audit changes beyond the columns (received quantities). */
  changes?: AuditChanges;
  /** A note the hook adds to the timeline entry's comment (an over-budget justification). */
  comment?: string;
}

export interface TransitionContext<E, T> extends WriteContext {
  before: E;
  input: T;
}

export interface WorkflowBinding<E = Entity, T = Input> {
  /** The status catalogue's table (rows found by their `code`). */
  statusTable: PgTable;
  /** Per target status: checks and extra work inside the transaction. */
  hooks?: Readonly<Record<string, (ctx: TransitionContext<E, T>) => Promise<TransitionOutcome | void>>>;
  /** The creation is the timeline's first entry (— → the first status), written with its audit row. */
  timelineFromCreation?: boolean;
}

/** Which record routes a resource has (list, export and options always follow the declaration). */
export interface RecordRoutes {
  create: boolean;
  update: boolean;
  delete: boolean;
}

/**
 * Everything a resource says beyond its contracts declaration: where it lives, how its views scope
 * rows, its child lines, computed columns, sequences, workflow hooks and extra rules.
 */
export interface ResourceBinding<R extends AnyResource = AnyResource, T extends PgTable = PgTable> {
  declaration: R;
  table: T;
  /**
   * SQL of read-only fields that are not columns of the table (a total over the lines), or a column
   * of a joined reference (searched through its stored folded twin); sortable, filterable, exportable.
   */
  computed?: Readonly<Record<string, SQL | AnyPgColumn>>;
  /** Link tables of multi-reference fields (otherwise the module's declared ones). */
  links?: Readonly<Record<string, LinkTable>>;
  /** Tables of `lines` fields, by field. */
  lines?: Readonly<Record<string, LineTable>>;
  /** SQL of the declaration's extraFilters that go through lines: rows having a line whose `field` matches. */
  filters?: Readonly<Record<string, { lines: string; field: string }>>;
  /**
   * References to users shown by the person's name (the linked employee's, else the username),
   * read with the record: an order's requester, who captured a movement.
   */
  namedPeople?: readonly string[];
  /**
   * Rows each view shows to an actor (undefined: every row). List and export use the requested view;
   * get, history and writes the union of the views the actor may open — a row outside it is a 404.
   */
  views?: Readonly<Record<string, (actor: Actor) => SQL | undefined>>;
  sequences?: Readonly<Record<string, SequenceBinding>>;
  workflow?: WorkflowBinding<EntityOf<R>>;
  routes?: Partial<RecordRoutes>;
  /**
   * Who may read GET /options besides users with any flag on the resource's module: its own module's
   * other pages whose forms (or filters) pick from it, e.g. units for config_materials create/edit.
   * Another module's forms and filters say so in that module's manifest (`options`).
   */
  optionConsumers?: readonly PermissionRequirement[];
  /**
   * Who may read the list and records besides users with any flag on the declaration's read modules:
   * modules that consult the resource (the registry reads the wage parameters kept under config_permissions).
   */
  readers?: readonly PermissionRequirement[];
  /** Referrers beyond the references found in contracts (e.g. audit entries of a user). */
  referrers?: readonly Referrer[];
  hooks?: ResourceHooks<EntityOf<R>, CreateOf<R>, UpdateOf<R>, ColumnValues<T>>;
}

/** A catalogue's binding: its table comes from catalog-tables.ts, so only rules and consumers are said. */
export interface CatalogBinding<C extends AnyCatalog = AnyCatalog> {
  declaration: C;
  /** SQL of read-only fields that are not columns (a work's kept committed amount). */
  computed?: Readonly<Record<string, SQL | AnyPgColumn>>;
  optionConsumers?: readonly PermissionRequirement[];
  referrers?: readonly Referrer[];
  hooks?: ResourceHooks<EntityOf<C>, CreateOf<C>, UpdateOf<C>>;
}
