import { Worker, parentPort, workerData } from 'node:worker_threads';
import { orderBody, startWriter, type OrderSpec, type OrderWriter, type WriterFigures } from './order-writer';

/*
 * The writer of `bench:mixed` on a thread of its own. The reads' load generator (autocannon) runs on
 * the bench's main thread: a writer there would hold back the reads' client, not the server measured.
 */

interface WriterStart {
  baseUrl: string;
  headers: Record<string, string>;
  spec: OrderSpec;
}

export function startWriterThread(start: WriterStart): OrderWriter {
  // The bench runs under tsx, which a worker does not inherit: it registers it, then loads this module.
  const source = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(import.meta.url)});`;
  const worker = new Worker(source, { eval: true, workerData: start });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  // Reported by stop(), not as an unhandled rejection while the reads are being measured.
  failed.catch(() => undefined);
  return {
    async stop() {
      const figures = new Promise<WriterFigures>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const result = await Promise.race([figures, failed]);
      await worker.terminate();
      return result;
    },
  };
}

if (parentPort) {
  const port = parentPort;
  const { baseUrl, headers, spec } = workerData as WriterStart;
  const writer = startWriter(baseUrl, headers, orderBody(spec));
  port.once('message', () => void writer.stop().then((figures) => port.postMessage(figures)));
}
