import type { NotificationItem } from '@goc/contracts';

/** A Server-Sent Events client over fetch (Node has no EventSource): what arrived, and waiting for more. */
export interface SseClient {
  status: number;
  events: { id: string | null; event: string; item: NotificationItem }[];
  comments: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: SseClient['events'] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  let buffer = '';
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(':');
              fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
            }
          }
          if (fields.has('data')) events.push({ id: fields.get('id') ?? null, event: fields.get('event') ?? 'message', item: JSON.parse(fields.get('data') as string) as NotificationItem });
        }
        notify();
      }
    } catch {
      // Aborted by close().
    }
    notify();
  })();
  return {
    status: response.status,
    events,
    comments,
    ended,
    waitFor(predicate, timeoutMs = 2_000) {
      if (predicate()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SSE: nothing arrived within ${timeoutMs} ms (${events.length} events)`));
        }, timeoutMs);
        const check = () => {
          if (!predicate()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () => abort.abort(),
  };
}
