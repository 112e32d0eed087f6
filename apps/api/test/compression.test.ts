import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from './helpers/app';

const SCRIPT = `console.log(${JSON.stringify('obra '.repeat(600))});`;
const PAGE = `<!doctype html><html lang="es"><head><title>GOC</title></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(100)}</body></html>`;

/** A built SPA as the web build leaves it: every file with its .br and .gz copies. */
function precompressedDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'goc-web-'));
  mkdirSync(join(dir, 'assets'));
  for (const [path, content] of [
    ['index.html', PAGE],
    ['assets/index-Ab12Cd34.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dir, path), content);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
  }
  return dir;
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ config: { webDistDir: precompressedDist() }, demoData: true });
  token = (await login(t.app)).token;
});
afterAll(async () => t?.close());

const get = (url: string, encoding?: string, auth = true) =>
  t.app.inject({ method: 'GET', url, headers: { ...(auth ? bearer(token) : {}), ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('the SPA, precompressed at build time', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br', false);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip', false);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-Ab12Cd34.js', undefined, false);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses index.html for app routes too, revalidated on every load', async () => {
    const res = await get('/login', 'br', false);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
  });
});

describe('API responses', () => {
  const LIST = '/api/v2/materials?page=1&pageSize=100';

  it('a JSON list goes out in brotli when accepted, with the same content', async () => {
    const plain = await get(LIST);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await get(LIST, 'br, gzip');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('application/json');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('tiny answers are not worth compressing', async () => {
    const res = await get('/api/v2/health', 'br, gzip', false);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('a CSV export is compressed as a stream (no length known in advance), with the same rows', async () => {
    const url = '/api/v2/materials/export?format=csv';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    const compressed = await get(url, 'gzip');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-type']).toContain('text/csv');
    expect(compressed.headers['content-length']).toBeUndefined();
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('an XLSX export, a zip already, goes out as it is', async () => {
    const res = await get('/api/v2/materials/export?format=xlsx', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
