import { Column, is, SQL, type Query } from 'drizzle-orm';
import type { SelectedFields, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { nameStatement } from './named-statements';

/*
 * A select whose text never changes (its values are placeholders), built by drizzle once and run under
 * its name on the database or inside any transaction. drizzle's own `prepare` ties a statement to the
 * executor it was built on, so a transaction built its statements anew on every write: the read-back
 * of a new order (a dozen joins) cost the API more to build than the database to run. Under a name,
 * PostgreSQL parses and plans it once per connection, and PGlite's client sends it by name
 * (registered by its text here).
 */

/** A select as drizzle builds it: its text and parameters, the fields it selects and its rows' type. */
interface BuiltSelect {
  toSQL(): Query;
  readonly _: { readonly result: unknown; readonly selectedFields: unknown };
}

/** drizzle's column order for a flat selection (one key per column or expression): the keys' own. */
function ordered(fields: SelectedFields, name: string): SelectedFieldsOrdered {
  return Object.entries(fields).map(([key, field]) => {
    if (!is(field, Column) && !is(field, SQL) && !is(field, SQL.Aliased)) throw new Error(`${name}: ${key} is not a column or an expression`);
    return { path: [key], field };
  }) as SelectedFieldsOrdered;
}

/**
 * `build` makes the select from the first executor it runs on (its text does not depend on which), with
 * `sql.placeholder(key)` where `values` go; the rows come back as drizzle maps them.
 */
export function keptSelect<Q extends BuiltSelect>(name: string, build: (executor: Executor) => Q) {
  let built: { query: Query; fields: SelectedFieldsOrdered } | null = null;
  // drizzle's statement object per session: made once for the database, once per transaction that runs it.
  const statements = new WeakMap<object, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return (executor: Executor, values: Record<string, unknown>): Promise<Q['_']['result']> => {
    if (!built) {
      const select = build(executor);
      const query = select.toSQL();
      nameStatement(query.sql, name);
      built = { query, fields: ordered(select._.selectedFields as SelectedFields, name) };
    }
    const { session } = executor._;
    let statement = statements.get(session);
    if (!statement) {
      statement = session.prepareQuery(built.query, built.fields, name, true);
      statements.set(session, statement);
    }
    return statement.execute(values) as Promise<Q['_']['result']>;
  };
}
