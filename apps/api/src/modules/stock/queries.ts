import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stockBalances } from '../../db/schema';

/*
 * The store's SQL other modules read (the works overview's material value beside the budget): the
 * stock module's service, said once here.
 */

/** Value of the material held at the work whose id is `workId` (a column of the outer statement), 0 when none. */
const heldValue = (workId: AnyPgColumn): SQL<string> =>
  sql<string>`(select coalesce(sum(${stockBalances.value}), 0) from ${stockBalances} where ${eq(stockBalances.workId, workId)})`;

export const stockQueries = { heldValue };
export type StockQueries = typeof stockQueries;
