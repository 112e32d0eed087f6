import type { AnyCatalog } from '@goc/contracts';
import type { Executor, Tx } from '../../db/client';
import type { AuditChanges } from '../../db/schema';
import type { PermissionRequirement } from '../../plugins/access';
import type { Referrer } from './referrers';
import type { Entity } from './source';

/** Who writes, for the audit trail. */
export interface Actor {
  userId: number;
  ip: string;
}

/** What a hook running inside a write's transaction gets. */
export interface WriteContext {
  tx: Tx;
  actor: Actor;
}

/** A parsed create / update body (contracts createInput / updateInput output). */
export type Input = Readonly<Record<string, unknown>>;

/**
 * Rules a catalogue adds to the generic ones. Hooks inside the transaction refuse a write by
 * throwing an AppError (everything rolls back, the audit entry included).
 */
export interface CatalogHooks {
  /** Before the transaction, for slow work (hashing a password). Returns extra column values to insert. */
  prepareCreate?(input: Input): Promise<Record<string, unknown>>;
  beforeCreate?(ctx: WriteContext, input: Input): Promise<void>;
  /** After the insert; may return audit changes of data that is not a column (a role's matrix). */
  afterCreate?(ctx: WriteContext, created: Entity, input: Input): Promise<AuditChanges | void>;
  beforeUpdate?(ctx: WriteContext, before: Entity, patch: Input): Promise<void>;
  afterUpdate?(ctx: WriteContext, before: Entity, after: Entity, patch: Input): Promise<AuditChanges | void>;
  beforeDelete?(ctx: WriteContext, before: Entity): Promise<void>;
  afterDelete?(ctx: WriteContext, before: Entity): Promise<void>;
  /** Adds what is not a column to entities (a role's permission matrix). */
  decorate?(executor: Executor, entities: Entity[]): Promise<void>;
}

/** Everything a catalogue says beyond its contracts declaration. */
export interface CatalogBinding {
  declaration: AnyCatalog;
  /**
   * Who may read GET /options besides users with any flag on the catalogue's module: the modules
   * whose forms (or filters) use this catalogue as a picker, e.g. units for config_materials create/edit.
   */
  optionConsumers?: readonly PermissionRequirement[];
  /** Referrers beyond the catalogue references found in contracts (e.g. audit entries of a user). */
  referrers?: readonly Referrer[];
  hooks?: CatalogHooks;
}
