import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { addBusinessDays, businessToday } from '@goc/contracts';
import { adminPassword, loginOverHttp } from './capture';
import { childEnv, ensureBuiltApi, runBench, SERVER_JS, writeReadmeSection } from './harness';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';
import { freePort, peakRssMiB, resetPeakRss, startServer, stopServer, type Server } from './processes';

/*
 * npm run bench:attachments — documents through the built API with 8 parallel clients, on PGlite and
 * on PostgreSQL when one answers: 16 uploads of a 10 MB PDF and 32 downloads of it, then 200 photos
 * of 2 MB (JPEG, each with its thumbnail) uploaded and downloaded. Throughput (MB/s of file bytes),
 * p50 / p99 per request and the API's peak RSS (VmHWM) per phase. The API is measured in a second
 * process on the database the first one migrated and filled with the demo data, and its peak is
 * reset once it is up: loading the demo data grows a process (PGlite's WASM heap never shrinks),
 * which says nothing about how documents are handled. Figures go to bench/README.md between the
 * attachments markers.
 */

const CLIENTS = 8;
const PDF_MB = 10;
const PDF_UPLOADS = 16;
const PDF_DOWNLOADS = 32;
const PHOTOS = 200;
const PHOTO_MB = 2;
const PHOTOS_PER_ORDER = 40;
const RSS_LIMIT_MIB = 300;

const log = (message: string) => process.stdout.write(`[bench:attachments] ${message}\n`);

interface Phase {
  engine: string;
  label: string;
  requests: number;
  megabytes: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** The API's peak RSS during the phase. */
  peakMiB: number | null;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Runs `count` jobs over CLIENTS workers; each job's latency is kept. */
async function parallel(count: number, job: (index: number) => Promise<number>): Promise<{ latencies: number[]; bytes: number; seconds: number }> {
  let next = 0;
  let bytes = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let index = next++; index < count; index = next++) {
        const t0 = performance.now();
        // Awaited first: `bytes += await …` would read `bytes` before the await and lose the other workers' sums.
        const sent = await job(index);
        bytes += sent;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), bytes, seconds: (performance.now() - started) / 1000 };
}

/** One phase's figures; the API's peak RSS is read and reset for the next phase. */
function phase(engine: string, label: string, pid: number | undefined, run: Awaited<ReturnType<typeof parallel>>): Phase {
  const peakMiB = peakRssMiB(pid);
  resetPeakRss(pid);
  const figures = { engine, label, requests: run.latencies.length, megabytes: run.bytes / (1024 * 1024), seconds: run.seconds, p50Ms: Math.round(percentile(run.latencies, 50)), p99Ms: Math.round(percentile(run.latencies, 99)), peakMiB };
  log(`${engine}: ${label}: ${(figures.megabytes / figures.seconds).toFixed(1)} MB/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, peak RSS ${peakMiB?.toFixed(0)} MiB`);
  return figures;
}

/** A 10 MB PDF whose bytes differ per upload (a record refuses the same bytes twice). */
function pdfOf(index: number): Buffer {
  const head = Buffer.from(`%PDF-1.7\n%bench ${index}\n`);
  return Buffer.concat([head, randomBytes(PDF_MB * 1024 * 1024 - head.length - 6), Buffer.from('\n%%EOF')]);
}

class Client {
  constructor(
    private readonly server: Server,
    private readonly token: string,
  ) {}

  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.server.baseUrl}/api/v2${path}`, {
      method,
      headers: { ...this.headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async upload(orderId: number, name: string, data: Buffer): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    const response = await fetch(`${this.server.baseUrl}/api/v2/attachments?resource=orders&recordId=${orderId}`, { method: 'POST', headers: this.headers(), body: form });
    if (response.status !== 201) throw new Error(`upload ${name}: HTTP ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: number }).id;
  }

  /** Downloads a document, counting its bytes as they arrive (never held whole here either). */
  async download(id: number): Promise<number> {
    const response = await fetch(`${this.server.baseUrl}/api/v2/attachments/${id}/content`, { headers: this.headers() });
    if (!response.ok || !response.body) throw new Error(`download ${id}: HTTP ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
    return bytes;
  }
}

/** What one engine measured; the load averages (1 min) because the machine may be shared. */
interface EngineResult {
  phases: Phase[];
  /** The peak RSS of the first start, which migrated and loaded the demo data (then stopped). */
  seededMiB: number | null;
  /** The API's RSS once restarted on that database and logged in, before any document. */
  startMiB: number | null;
  /** The highest of the phases' peaks. */
  peakMiB: number | null;
  loadBefore: number;
  loadAfter: number;
}

async function runEngine(engine: string, photo: Buffer, url?: string): Promise<EngineResult> {
  const loadBefore = loadavg()[0]!;
  const dataDir = mkdtempSync(join(tmpdir(), 'goc-bench-attachments-'));
  const start = async () =>
    startServer({
      name: `API (${engine})`,
      args: [SERVER_JS],
      env: childEnv({ GOC_DATA_DIR: dataDir, GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'true', ...(url ? { DATABASE_URL: url } : {}) }),
      port: await freePort(),
      readyPath: '/api/v2/health',
      logFile: join(tmpdir(), `goc-bench-attachments-${Date.now()}.log`),
    });
  // The first start migrates and loads the demo data (works and materials for the orders); the API is
  // measured as it runs after that, a process that opens an existing database.
  const seeding = await start();
  const seededMiB = peakRssMiB(seeding.child.pid);
  await stopServer(seeding);
  const server = await start();
  try {
    const token = await loginOverHttp(server.baseUrl);
    const client = new Client(server, token);
    // A work that takes orders (planeación or en ejecución), and a required date the orders accept whenever this runs.
    const work = await client.json<{ items: { value: number }[] }>('GET', '/works/options?limit=1&filter=planeacion,en_ejecucion');
    const material = await client.json<{ items: { value: number }[] }>('GET', '/materials/options?limit=1');
    const newOrder = async () =>
      (await client.json<{ id: number }>('POST', '/orders', { workId: work.items[0]?.value, requiredDate: addBusinessDays(businessToday(), 21), lines: [{ materialId: material.items[0]?.value, quantity: 1 }] })).id;
    const pdfOrder = await newOrder();
    const photoOrders: number[] = [];
    for (let i = 0; i < Math.ceil(PHOTOS / PHOTOS_PER_ORDER); i += 1) photoOrders.push(await newOrder());
    const pid = server.child.pid;
    const startMiB = peakRssMiB(pid);
    resetPeakRss(pid);
    log(`${engine}: API up (peak RSS ${startMiB?.toFixed(0)} MiB before the load; ${seededMiB?.toFixed(0)} MiB for the first start, which loaded the demo data)`);

    const phases: Phase[] = [];
    const pdfIds: number[] = [];
    phases.push(phase(engine, `upload ${PDF_UPLOADS} × PDF ${PDF_MB} MB`, pid, await parallel(PDF_UPLOADS, async (i) => {
      const data = pdfOf(i);
      pdfIds.push(await client.upload(pdfOrder, `plano-${i}.pdf`, data));
      return data.length;
    })));
    phases.push(phase(engine, `download ${PDF_DOWNLOADS} × PDF ${PDF_MB} MB`, pid, await parallel(PDF_DOWNLOADS, (i) => client.download(pdfIds[i % pdfIds.length]!))));
    const photoIds: number[] = [];
    phases.push(phase(engine, `upload ${PHOTOS} × JPEG ${PHOTO_MB} MB (with thumbnail)`, pid, await parallel(PHOTOS, async (i) => {
      const data = Buffer.concat([photo, randomBytes(16)]);
      photoIds.push(await client.upload(photoOrders[Math.floor(i / PHOTOS_PER_ORDER)]!, `foto-${i}.jpg`, data));
      return data.length;
    })));
    phases.push(phase(engine, `download ${PHOTOS} × JPEG ${PHOTO_MB} MB`, pid, await parallel(PHOTOS, (i) => client.download(photoIds[i]!))));
    const peaks = phases.flatMap((p) => (p.peakMiB === null ? [] : [p.peakMiB]));
    const peakMiB = peaks.length > 0 ? Math.max(...peaks) : null;
    const loadAfter = loadavg()[0]!;
    log(`${engine}: API peak RSS ${peakMiB?.toFixed(0)} MiB under load, ${startMiB?.toFixed(0)} MiB at the start (load ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after)`);
    return { phases, seededMiB, startMiB, peakMiB, loadBefore, loadAfter };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A real photo of about PHOTO_MB: camera noise compresses about as badly as a site photo. */
async function benchPhoto(): Promise<Buffer> {
  const width = 2048;
  const height = 1536;
  const noise = randomBytes(width * height * 3);
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 82 }).toBuffer();
}

function render(results: readonly ({ engine: string } & EngineResult)[], notes: string): string {
  const rows = results.flatMap((r) =>
    r.phases.map((p) => `| ${p.engine} | ${p.label} | ${(p.megabytes / p.seconds).toFixed(1)} | ${p.p50Ms} | ${p.p99Ms} | ${p.seconds.toFixed(1)} | ${p.peakMiB?.toFixed(0) ?? '–'} |`),
  );
  const rss = results.map(
    (r) =>
      `- ${r.engine}: API peak RSS under load **${r.peakMiB?.toFixed(0) ?? '–'} MiB** (limit ${RSS_LIMIT_MIB} MiB), ${r.startMiB?.toFixed(0) ?? '–'} MiB once started before any document (${r.seededMiB?.toFixed(0) ?? '–'} MiB for the first start that loaded the demo data); load average ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after (${availableParallelism()} cores)`,
  );
  return [
    `${CLIENTS} parallel clients against the built API (\`npm run bench:attachments\`, ${new Date().toISOString().slice(0, 10)}); MB/s counts file bytes.`,
    '',
    '| Engine | Phase | MB/s | p50 ms | p99 ms | s | Peak RSS MiB |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...rss,
    ...(notes ? ['', notes] : []),
  ].join('\n');
}

let pgDatabase: string | null = null;

runBench({
  log,
  hardLimitMs: 40 * 60_000,
  cleanup: () => pgDatabase,
  main: async () => {
    ensureBuiltApi(log);
    const photo = await benchPhoto();
    log(`photo of ${(photo.length / (1024 * 1024)).toFixed(2)} MB`);
    const results = [{ engine: 'PGlite', ...(await runEngine('PGlite', photo)) }];
    let notes = '';
    const version = await postgresVersion();
    if (version) {
      pgDatabase = benchDatabaseName();
      await createDatabase(pgDatabase);
      try {
        results.push({ engine: `PostgreSQL ${version}`, ...(await runEngine(`PostgreSQL ${version}`, photo, databaseUrl(pgDatabase))) });
      } finally {
        await dropDatabase(pgDatabase);
        pgDatabase = null;
      }
    } else {
      notes = 'PostgreSQL did not answer on BENCH_POSTGRES_URL: its figures were skipped.';
    }
    writeReadmeSection('attachments', render(results, notes));
    const over = results.filter((r) => (r.peakMiB ?? 0) >= RSS_LIMIT_MIB);
    if (over.length > 0) throw new Error(`API peak RSS over ${RSS_LIMIT_MIB} MiB: ${over.map((r) => `${r.engine} ${r.peakMiB?.toFixed(0)} MiB`).join(', ')}`);
    log('done');
  },
});
