import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { openDatabase } from '../apps/api/src/db/client';
import type { BaselinePlan, CapturedQuery } from './capture';

/*
 * The baseline: the SQL the API issued for each measured request, replayed by a bare node:http
 * server — no framework, no validation, no auth, no ORM on the request path. It opens the database
 * through the app's own openDatabase (same pool size, same PGlite setup) and then only uses the
 * driver's raw client, so the difference to the API is what the API does around those queries.
 * It answers the same paths as the API: a list as `{ items, total, page, pageSize }` (page and count
 * run side by side, on every request), a record as the row itself.
 *
 * Run as a child of bench/run.ts: node --import tsx bench/baseline-server.ts
 *   PORT, HOST, BASELINE_PLAN (JSON file, see capture.ts), DATABASE_URL or GOC_DATA_DIR.
 */

interface Fields {
  fields: { name: string }[];
  rows: unknown[][];
}

const plan = JSON.parse(readFileSync(process.env.BASELINE_PLAN ?? '', 'utf8')) as BaselinePlan;
const byPath = new Map(plan.cases.map((c) => [c.path, c]));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: process.env.GOC_DATA_DIR ?? null });
const { driver } = database;

/** Rows as arrays (what drizzle asks the drivers for), then shaped into objects by column name. */
async function run(query: CapturedQuery): Promise<Record<string, unknown>[]> {
  const result: Fields =
    driver.kind === 'postgres'
      ? await driver.client.query({ text: query.text, values: query.params, rowMode: 'array' })
      : await driver.client.query(query.text, query.params, { rowMode: 'array' });
  return result.rows.map((row) => Object.fromEntries(result.fields.map((field, i) => [field.name, row[i]])));
}

async function respond(entry: BaselinePlan['cases'][number]): Promise<string | null> {
  const [first, second] = entry.statements;
  if (!first) return null;
  if (entry.kind === 'record') return JSON.stringify((await run(first))[0] ?? null);
  if (!second) return null;
  const [items, counted] = await Promise.all([run(first), run(second)]);
  // What the API reads after the page (an order page's lines), replayed as captured.
  for (const query of entry.completion ?? []) await run(query);
  const total = Number(Object.values(counted[0] ?? {})[0] ?? 0);
  return JSON.stringify({ items, total, page: entry.pageNumber, pageSize: entry.pageSize });
}

const server = createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  const entry = byPath.get(request.url ?? '');
  if (!entry) {
    response.writeHead(404).end();
    return;
  }
  respond(entry).then(
    (body) => (body === null ? response.writeHead(500).end() : response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body)),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      response.writeHead(500).end();
    },
  );
});

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  void database.close().then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
