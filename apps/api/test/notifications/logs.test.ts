import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/lib/request-log';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';
import { API } from '../catalogs/support';
import { openSse } from './sse';

/*
 * The stream's ticket travels in the query string (EventSource sends no header): it must never
 * reach the request log, where it would outlive its 60 s — whether the stream opens or is refused.
 */

let t: TestApp;
let baseUrl: string;
let token: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, build: { logStream: { write: (line) => void lines.push(line) } } });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  token = (await login(t.app)).token;
});

afterAll(() => t.close());

async function ticket(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${API}/notifications/stream-ticket`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { ticket: string }).ticket;
}

/** The URLs the request log recorded for the stream route. */
const loggedStreamUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .map((entry) => entry.req?.url)
    .filter((url): url is string => url?.startsWith(`${API}/notifications/stream`) ?? false);

describe('the request log', () => {
  it('records the stream’s URL with the ticket hidden, for an opened, a spent and an encoded ticket', async () => {
    const value = await ticket();
    const client = await openSse(`${baseUrl}${API}/notifications/stream?ticket=${value}&lastEventId=0`);
    expect(client.status).toBe(200);
    client.close();
    // Spent now: refused with 401, logged all the same.
    expect((await fetch(`${baseUrl}${API}/notifications/stream?lastEventId=3&ticket=${value}`)).status).toBe(401);
    // The query parser decodes the name, so the log must too.
    const other = await ticket();
    const encoded = await openSse(`${baseUrl}${API}/notifications/stream?tick%65t=${other}`);
    expect(encoded.status).toBe(200);
    encoded.close();
    await new Promise((r) => setTimeout(r, 100));
    const all = lines.join('');
    expect(all).not.toContain(value);
    expect(all).not.toContain(other);
    expect(loggedStreamUrls()).toEqual(
      expect.arrayContaining([
        `${API}/notifications/stream?ticket=[oculto]&lastEventId=0`,
        `${API}/notifications/stream?lastEventId=3&ticket=[oculto]`,
        `${API}/notifications/stream?tick%65t=[oculto]`,
      ]),
    );
  });
});

describe('redactUrl', () => {
  it('hides only the ticket’s value and keeps the rest of the URL as it came', () => {
    expect(redactUrl('/api/v2/notifications?page=2')).toBe('/api/v2/notifications?page=2');
    expect(redactUrl('/x?ticket=abc')).toBe('/x?ticket=[oculto]');
    expect(redactUrl('/x?a=1&ticket=abc&ticket=def&b=2#f')).toBe('/x?a=1&ticket=[oculto]&ticket=[oculto]&b=2#f');
    expect(redactUrl('/x?tickets=abc&myticket=d')).toBe('/x?tickets=abc&myticket=d');
    expect(redactUrl('/x?ticket')).toBe('/x?ticket');
    expect(redactUrl('/x?%E0%A4%A=1&ticket=z')).toBe('/x?%E0%A4%A=1&ticket=[oculto]');
  });
});
