import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@goc/contracts';
import { bearer, createTestApp, login, type TestApp } from './helpers/app';
import { expectResponsive } from './helpers/responsive';
import { until } from './helpers/until';
import { openSse, type SseClient } from './notifications/sse';
import { API } from './catalogs/support';

/*
 * Timeouts and caps over real HTTP (issue 46, finding 7): a request trickling in is cut once the
 * request timeout passes, connections beyond the cap are closed, and one user keeps a bounded number
 * of live streams — while /health keeps answering within 100 ms. The timeouts are the
 * configured ones made small, so nothing waits long.
 */

const LIMITS = { requestTimeoutMs: 1_000, headersTimeoutMs: 600, timeoutCheckMs: 100, streamsPerUser: 2, uploadsPerUser: 2 };

let t: TestApp;
let base: string;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ config: { http: LIMITS } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(base).port);
  token = (await login(t.app)).token;
});
afterAll(async () => t?.close());

/** How long /health took to answer 200, in ms. */
async function healthMs(url = base): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}${API}/health`);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

/** A raw connection that sends `head` and then one byte every 100 ms; what came back and when it closed. */
async function trickle(head: string): Promise<{ answer: string; closedAfterMs: number; health: number[] }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const started = performance.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.write(head);
  const timer = setInterval(() => socket.write('a'), 100);
  let closed = false;
  const closing = once(socket, 'close').then(() => (closed = true));
  const health: number[] = [];
  // /health is asked again and again while the slow request holds its connection.
  while (!closed && performance.now() - started < 10_000) health.push(await healthMs());
  await closing;
  clearInterval(timer);
  return { answer, closedAfterMs: performance.now() - started, health };
}

describe('timeouts', () => {
  it('a body trickling in is answered 408 and closed once the request timeout passes; /health answers meanwhile', async () => {
    await healthMs();
    const { answer, closedAfterMs, health } = await trickle(
      `POST ${API}/auth/login HTTP/1.1\r\nHost: goc\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThan(LIMITS.requestTimeoutMs + 2_000);
    expectResponsive(health);
  });

  it('headers trickling in are cut at the headers timeout', async () => {
    const { answer, closedAfterMs } = await trickle(`GET ${API}/health HTTP/1.1\r\nHost: goc\r\nX-Lento: `);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(LIMITS.headersTimeoutMs + 2_000);
  });
});

describe('connections', () => {
  it('beyond the cap a new connection is closed as it arrives; a freed place is taken again', async () => {
    const capped = await t.variant({ http: { maxConnections: 3 } });
    const url = await capped.listen({ host: '127.0.0.1', port: 0 });
    const cappedPort = Number(new URL(url).port);
    const held: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = connect(cappedPort, '127.0.0.1');
      await once(socket, 'connect');
      held.push(socket);
    }
    await until(async () => (await new Promise<number>((r) => capped.server.getConnections((_e, n) => r(n)))) === 3);
    const extra = connect(cappedPort, '127.0.0.1');
    let answered = false;
    extra.on('data', () => (answered = true));
    extra.write(`GET ${API}/health HTTP/1.1\r\nHost: goc\r\n\r\n`);
    await once(extra, 'close');
    expect(answered).toBe(false);
    held.pop()!.destroy();
    await until(async () => (await new Promise<number>((r) => capped.server.getConnections((_e, n) => r(n)))) === 2);
    expect(await healthMs(url)).toBeLessThan(1_000);
    for (const socket of held) socket.destroy();
  });
});

describe('live streams per user', () => {
  const ticket = async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/notifications/stream-ticket`, headers: bearer(token) });
    return (res.json() as { ticket: string }).ticket;
  };
  const stream = async () => openSse(`${base}${API}/notifications/stream?ticket=${await ticket()}`);

  it(`keeps ${LIMITS.streamsPerUser} open; the next gets 429 in Spanish until one closes`, async () => {
    const open: SseClient[] = [await stream(), await stream()];
    expect(open.map((s) => s.status)).toEqual([200, 200]);
    const refused = await fetch(`${base}${API}/notifications/stream?ticket=${await ticket()}`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(NOTIFICATION_MESSAGES.tooManyStreams(LIMITS.streamsPerUser));
    expect(await healthMs()).toBeLessThan(100);

    open.pop()!.close();
    let again: SseClient | null = null;
    await until(async () => {
      again?.close();
      again = await stream();
      return again.status === 200;
    });
    open.push(again!);
    for (const s of open) s.close();
  });
});
