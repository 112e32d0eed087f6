import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { openDatabase } from '../apps/api/src/db/client';
import type { BaselinePlan, CapturedQuery } from './capture';

/*
 * The baseline: the SQL the API issued for the measured request, replayed by a bare node:http
 * server — no framework, no validation, no auth, no ORM on the request path. It opens the database
 * through the app's own openDatabase (same pool size, same PGlite setup) and then only uses the
 * driver's raw client, so the difference to the API is what the API does around those queries.
 *
 * Run as a child of bench/run.ts: node --import tsx bench/baseline-server.ts
 *   PORT, HOST, BASELINE_PLAN (JSON file, see capture.ts), DATABASE_URL or GOC_DATA_DIR.
 */

interface Fields {
  fields: { name: string }[];
  rows: unknown[][];
}

const plan = JSON.parse(readFileSync(process.env.BASELINE_PLAN ?? '', 'utf8')) as BaselinePlan;
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

async function respond(): Promise<string> {
  for (const query of plan.before) await run(query);
  const [items, counted] = await Promise.all([run(plan.page), run(plan.count)]);
  const total = Number(Object.values(counted[0] ?? {})[0] ?? 0);
  return JSON.stringify({ items, total, page: plan.pageNumber, pageSize: plan.pageSize });
}

const server = createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  respond().then(
    (body) => response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body),
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
