import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import type { CaseKind } from './cases';

/*
 * Which SQL does the API issue for each measured request? The app is built in this process on the
 * benchmark's database, the driver's `query` is wrapped to record every statement with its
 * parameters, and each request is made once through `inject`. The statements reading the materials
 * (a list's page and count, or the one record) are what the baseline replays; the others (the
 * access check) are reported too.
 */

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

/** The statements one request issued that read the materials (the rest is the access check). */
export interface CaseCapture {
  key: string;
  kind: CaseKind;
  /** The path the baseline answers (the same as the API's). */
  path: string;
  /** Every statement of the request, in order. */
  all: CapturedQuery[];
  /** List: the page, then its count. Record: the one read. */
  statements: CapturedQuery[];
  /**
   * List: the page statement of the first request, when it differs from the next one's. A deeper
   * page the API has not served yet walks the rows before it; once served, it knows where the page
   * starts and seeks there. The second request is what is measured and replayed.
   */
  firstVisit?: CapturedQuery;
  /** What the request read after those (an order page's lines). */
  completion: CapturedQuery[];
  /** List: `total` and the rows on the page. Record: the id answered. */
  total: number;
  items: number;
}

/** What the baseline server replays, per path. */
export interface BaselinePlan {
  cases: { path: string; kind: CaseKind; statements: CapturedQuery[]; completion?: CapturedQuery[]; pageNumber: number; pageSize: number }[];
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
      // A named (prepared) statement comes as one object carrying its values.
      const config = typeof first === 'string' ? { text: first, values: second } : (first as { text: string; values?: unknown });
      queries.push({ text: config.text, params: Array.isArray(config.values) ? [...(config.values as unknown[])] : Array.isArray(second) ? [...(second as unknown[])] : [] });
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

/** Signs in (as admin unless told) through the app and returns the access token. */
export async function login(request: (body: string) => Promise<{ status: number; body: string }>, username = 'admin'): Promise<string> {
  const response = await request(JSON.stringify({ username, password: adminPassword() }));
  if (response.status !== 200) throw new Error(`login failed: HTTP ${response.status} ${response.body.slice(0, 300)}`);
  return (JSON.parse(response.body) as { token: string }).token;
}

/** Signs in (as admin unless told; every account of the bench has the admin's password) over HTTP at a running API (`http://host:port`). */
export function loginOverHttp(baseUrl: string, username?: string): Promise<string> {
  return login(async (payload) => {
    const r = await fetch(`${baseUrl}/api/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    return { status: r.status, body: await r.text() };
  }, username);
}

/** Signs in as admin through an app built in this process. */
export function loginInProcess(app: { inject: FastifyInstance['inject'] }): Promise<string> {
  return login(async (payload) => {
    const r = await app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { 'content-type': 'application/json' }, payload });
    return { status: r.statusCode, body: r.body };
  });
}

/** Fixed for the run: the admin is created by the API's first start with it. */
export const adminPassword = (): string => 'Bench-Admin-2024!';

const isCount = (q: CapturedQuery) => /count\(/i.test(q.text);

/**
 * The page before its count, whatever order the API sent them in. A count the API answered from its
 * cache is the one of the `earlier` request.
 */
function caseStatements(kind: CaseKind, queries: CapturedQuery[], table: string, earlier: CapturedQuery[] = []): CapturedQuery[] {
  const from = new RegExp(`\\bfrom\\s+"${table}"`, 'i');
  const reads = queries.filter((q) => from.test(q.text));
  if (kind === 'record') return reads.slice(0, 1);
  const count = reads.find(isCount) ?? earlier.find((q) => from.test(q.text) && isCount(q));
  const page = reads.find((q) => !isCount(q));
  return page && count ? [page, count] : [];
}

/**
 * Makes each case's request through `inject`, in order, on a fresh app, and records the statements
 * each issued: a record once, a list twice (its second request is the one the load repeats).
 */
export async function captureSql(options: {
  database: Database;
  dataDir: string;
  databaseUrl?: string | undefined;
  /** `table`: the one the case reads (default materials), whose page and count are told apart. */
  cases: { key: string; kind: CaseKind; path: string; table?: string }[];
}): Promise<CaseCapture[]> {
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
    const token = await loginInProcess(app);
    const captures: CaseCapture[] = [];
    const get = async (path: string) => {
      probe.queries.length = 0;
      probe.setRecording(true);
      const response = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
      probe.setRecording(false);
      return response;
    };
    for (const benchCase of options.cases) {
      const table = benchCase.table ?? 'materials';
      let earlier: CapturedQuery[] = [];
      if (benchCase.kind === 'list') {
        await get(benchCase.path);
        earlier = [...probe.queries];
      }
      const response = await get(benchCase.path);
      if (response.statusCode !== 200) throw new Error(`GET ${benchCase.path} failed: HTTP ${response.statusCode} ${response.body.slice(0, 500)}`);
      const statements = caseStatements(benchCase.kind, probe.queries, table, earlier);
      const firstVisit = caseStatements(benchCase.kind, earlier, table)[0];
      if (statements.length === 0) {
        throw new Error(`could not find the ${table} statements of ${benchCase.path} in:\n${probe.queries.map((q) => q.text).join('\n')}`);
      }
      const body = response.json<{ items?: unknown[]; total?: number; id?: number }>();
      captures.push({
        key: benchCase.key,
        kind: benchCase.kind,
        path: benchCase.path,
        all: [...probe.queries],
        statements,
        ...(firstVisit && firstVisit.text !== statements[0]?.text ? { firstVisit } : {}),
        completion: probe.queries.slice(Math.max(...statements.map((q) => probe.queries.indexOf(q))) + 1),
        total: benchCase.kind === 'list' ? (body.total ?? -1) : (body.id ?? -1),
        items: benchCase.kind === 'list' ? (body.items?.length ?? -1) : 1,
      });
    }
    return captures;
  } finally {
    probe.restore();
    await app.close();
  }
}
