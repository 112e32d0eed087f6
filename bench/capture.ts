import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';

/*
 * Which SQL does the API issue for the measured request? The app is built in this process on the
 * benchmark's database, the driver's `query` is wrapped to record every statement with its
 * parameters, and the request is made once through `inject`. The list page and its count are what
 * the baseline replays; the statements before them (the access check) are reported too.
 */

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

/** What the baseline server replays for every request. */
export interface BaselinePlan {
  /** Run one after the other before the list (empty for the plain baseline). */
  before: CapturedQuery[];
  page: CapturedQuery;
  count: CapturedQuery;
  pageNumber: number;
  pageSize: number;
}

export interface Capture {
  /** Every statement of the request, in order. */
  all: CapturedQuery[];
  page: CapturedQuery;
  count: CapturedQuery;
  /** `total` of the API's answer: rows matching the filter. */
  total: number;
  /** Rows on the page (pageSize unless past the end). */
  items: number;
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** Records what goes through the driver while `recording` is on; returns the list and a restore function. */
export function tap(database: Database): { queries: CapturedQuery[]; setRecording(on: boolean): void; restore(): void } {
  const client = database.driver.client as unknown as { query: QueryFn };
  const original = client.query;
  const queries: CapturedQuery[] = [];
  let recording = false;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (recording) {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : (first as { text: string }).text;
      queries.push({ text, params: Array.isArray(second) ? [...(second as unknown[])] : [] });
    }
    return original.apply(this, args);
  };
  return {
    queries,
    setRecording: (on) => {
      recording = on;
    },
    restore: () => {
      client.query = original;
    },
  };
}

/** Signs in as admin through the app and returns the access token. */
export async function login(request: (body: string) => Promise<{ status: number; body: string }>): Promise<string> {
  const response = await request(JSON.stringify({ username: 'admin', password: adminPassword() }));
  if (response.status !== 200) throw new Error(`login failed: HTTP ${response.status} ${response.body.slice(0, 300)}`);
  return (JSON.parse(response.body) as { token: string }).token;
}

/** Fixed for the run: the admin is created by the API's first start with it. */
export const adminPassword = (): string => 'Bench-Admin-2024!';

export async function captureListSql(options: {
  database: Database;
  dataDir: string;
  databaseUrl?: string | undefined;
  path: string;
  /** The listed table, whose page and count statements are told apart (default materials). */
  table?: string;
}): Promise<Capture> {
  const config = {
    ...loadConfig({
      GOC_DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      GOC_ADMIN_PASSWORD: adminPassword(),
      GOC_DEMO_DATA: 'false',
    }),
    logLevel: 'silent' as const,
  };
  const app = buildApp(config, options.database);
  const probe = tap(options.database);
  try {
    await app.ready();
    const token = await login(async (payload) => {
      const r = await app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { 'content-type': 'application/json' }, payload });
      return { status: r.statusCode, body: r.body };
    });
    probe.setRecording(true);
    const response = await app.inject({ method: 'GET', url: options.path, headers: { authorization: `Bearer ${token}` } });
    probe.setRecording(false);
    if (response.statusCode !== 200) throw new Error(`list request failed: HTTP ${response.statusCode} ${response.body.slice(0, 500)}`);
    const body = response.json<{ items: unknown[]; total: number }>();

    const from = new RegExp(`\\bfrom\\s+"${options.table ?? 'materials'}"`, 'i');
    const listQueries = probe.queries.filter((q) => from.test(q.text));
    const count = listQueries.find((q) => /count\(/i.test(q.text));
    const page = listQueries.find((q) => q !== count);
    if (!page || !count) {
      throw new Error(`could not tell the list page and its count apart in:\n${probe.queries.map((q) => q.text).join('\n')}`);
    }
    return { all: probe.queries, page, count, total: body.total, items: body.items.length };
  } finally {
    probe.restore();
    await app.close();
  }
}
