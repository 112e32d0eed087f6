import type { Database } from '../apps/api/src/db/client';
import type { CapturedQuery } from './capture';

/*
 * The captured statements under EXPLAIN ANALYZE: how long the database alone needs for them and
 * which plan it picks (an index scan or a full scan of 100 k rows), written beside the figures so
 * a slow result comes with its first explanation.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

export interface Explained {
  /** Best of a few runs (warm cache), in ms. */
  executionMs: number;
  /** Scans and joins, outermost first: "Limit › Sort › Hash Join › Seq Scan materials …". */
  plan: string;
}

function describe(node: PlanNode): string[] {
  const here = [node['Node Type'], node['Index Name'] ? `using ${node['Index Name']}` : node['Relation Name'] ? `on ${node['Relation Name']}` : '']
    .filter(Boolean)
    .join(' ');
  return [here, ...(node.Plans ?? []).flatMap(describe)];
}

async function explainOnce(database: Database, query: CapturedQuery): Promise<{ executionMs: number; root: PlanNode }> {
  const text = `EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`;
  const { driver } = database;
  const result = driver.kind === 'postgres' ? await driver.client.query(text, query.params) : await driver.client.query(text, query.params);
  const cell = Object.values((result.rows[0] ?? {}) as Record<string, unknown>)[0];
  const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode; 'Execution Time': number }[];
  const top = parsed[0];
  if (!top) throw new Error('EXPLAIN returned no plan');
  return { executionMs: top['Execution Time'], root: top.Plan };
}

export async function explain(database: Database, query: CapturedQuery, runs = 3): Promise<Explained> {
  let best: { executionMs: number; root: PlanNode } | null = null;
  for (let i = 0; i < runs; i++) {
    const once = await explainOnce(database, query);
    if (!best || once.executionMs < best.executionMs) best = once;
  }
  if (!best) throw new Error('no EXPLAIN run');
  return { executionMs: best.executionMs, plan: describe(best.root).join(' › ') };
}
