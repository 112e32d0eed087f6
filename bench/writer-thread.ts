import { Worker, parentPort, workerData } from 'node:worker_threads';
import { orderBody, startWriter, type OrderSpec, type OrderWriter, type WriterFigures } from './order-writer';

/*
 * The writer of `bench:mixed` on a thread of its own. The reads' load generator (autocannon) runs on
 * the bench's main thread: a writer there would hold back the reads' client, not the server measured.
 * It is switched on and off while the reads run (`bench/mixed.ts` alternates a few seconds of each).
 */

interface WriterStart {
  baseUrl: string;
  headers: Record<string, string>;
  spec: OrderSpec;
}

type Command = 'on' | 'off' | 'stop';

/** A writer that can be paused; stop() ends it and gives what it did while on. */
export interface WriterSwitch {
  on(): void;
  off(): void;
  stop(): Promise<WriterFigures>;
}

export function startWriterThread(start: WriterStart): WriterSwitch {
  // The bench runs under tsx, which a worker does not inherit: it registers it, then loads this module.
  const source = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(import.meta.url)});`;
  const worker = new Worker(source, { eval: true, workerData: start });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  // Reported by stop(), not as an unhandled rejection while the reads are being measured.
  failed.catch(() => undefined);
  const send = (command: Command) => worker.postMessage(command);
  return {
    on: () => send('on'),
    off: () => send('off'),
    async stop() {
      const figures = new Promise<WriterFigures>((resolve) => worker.once('message', resolve));
      send('stop');
      const result = await Promise.race([figures, failed]);
      await worker.terminate();
      return result;
    },
  };
}

if (parentPort) {
  const port = parentPort;
  const { baseUrl, headers, spec } = workerData as WriterStart;
  const body = orderBody(spec);
  const total: WriterFigures = { created: 0, failed: 0, skipped: 0, seconds: 0 };
  let running: OrderWriter | null = null;
  // Commands are handled one after the other: an 'off' waits for the writes in flight before the next 'on'.
  let queue = Promise.resolve();
  const off = async () => {
    if (!running) return;
    const figures = await running.stop();
    running = null;
    for (const key of ['created', 'failed', 'skipped', 'seconds'] as const) total[key] += figures[key];
  };
  port.on('message', (command: Command) => {
    queue = queue.then(async () => {
      if (command === 'on') running ??= startWriter(baseUrl, headers, body);
      else await off();
      if (command === 'stop') port.postMessage(total);
    });
  });
}
