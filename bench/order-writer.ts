import { Agent, request } from 'node:http';
import { addBusinessDays, businessToday } from '@goc/contracts';

/*
 * The writer of `bench:mixed` and `bench:profile`: orders created through the API at a steady rate,
 * as an office does beside the people reading. Each order has LINES_PER_ORDER lines on the first
 * work that takes orders in the demo data.
 */

export const ORDERS_PER_SECOND = 10;
export const LINES_PER_ORDER = 5;
/** A writer that falls this far behind skips ticks rather than piling requests up. */
const MAX_WRITES_IN_FLIGHT = 20;

export interface WriterFigures {
  created: number;
  failed: number;
  skipped: number;
  seconds: number;
}

export interface OrderWriter {
  stop(): Promise<WriterFigures>;
}

/** What an order's body is made of, from the API's own option lists: a work that takes orders, materials, a date. */
export interface OrderSpec {
  workId: number;
  requiredDate: string;
  materials: number[];
}

export async function orderSpec(baseUrl: string, headers: Record<string, string>): Promise<OrderSpec> {
  const options = async (path: string) => {
    const response = await fetch(`${baseUrl}/api/v2${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return ((await response.json()) as { items: { value: number }[] }).items.map((item) => item.value);
  };
  const [workId] = await options('/works/options?limit=1&filter=planeacion,en_ejecucion');
  const materials = await options(`/materials/options?limit=${LINES_PER_ORDER}`);
  if (workId === undefined || materials.length < LINES_PER_ORDER) throw new Error('the demo data has no work taking orders or too few materials');
  return { workId, requiredDate: addBusinessDays(businessToday(), 21), materials };
}

/** The body of a new order (a new JSON each time, as a client builds it). */
export function orderBody({ workId, requiredDate, materials }: OrderSpec): () => string {
  return () => JSON.stringify({ workId, requiredDate, lines: materials.map((materialId, i) => ({ materialId, quantity: i + 1 })) });
}

/**
 * POST of a JSON body over a kept-alive connection; resolves with the status once the answer is read.
 * node:http rather than fetch: fetch cost the writer 3–5 ms of CPU an order, taken from the two cores
 * the reads being measured share, a cost of the load generator and not of the server.
 */
function postJson(agent: Agent, url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** Creates ORDERS_PER_SECOND orders a second until stopped; what it managed is returned by stop(). */
export function startWriter(baseUrl: string, headers: Record<string, string>, body: () => string): OrderWriter {
  const figures: WriterFigures = { created: 0, failed: 0, skipped: 0, seconds: 0 };
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_WRITES_IN_FLIGHT });
  const url = new URL(`${baseUrl}/api/v2/orders`);
  const timer = setInterval(() => {
    if (inFlight.size >= MAX_WRITES_IN_FLIGHT) {
      figures.skipped += 1;
      return;
    }
    const write = postJson(agent, url, headers, body()).then(
      (status) => {
        if (status === 201) figures.created += 1;
        else figures.failed += 1;
      },
      () => {
        figures.failed += 1;
      },
    );
    inFlight.add(write);
    void write.finally(() => inFlight.delete(write));
  }, 1000 / ORDERS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      agent.destroy();
      figures.seconds = (performance.now() - started) / 1000;
      return figures;
    },
  };
}
