import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebDist, type TestApp } from './helpers/app';

/** A build as vite-plugin-pwa leaves it: the service worker, the manifest and its icons beside index.html. */
function pwaDist(): string {
  const dir = createWebDist();
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => self.skipWaiting());');
  writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'GOC', short_name: 'GOC', start_url: '/', display: 'standalone' }));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'icons', 'pwa-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDistDir: pwaDist() } });
});
afterAll(async () => t?.close());

describe('the installable app (docs/offline.md "Instalación y actualizaciones")', () => {
  it('serves the service worker revalidated on every check, as JavaScript, under the strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('skipWaiting');
    const csp = String(res.headers['content-security-policy']);
    expect(csp.split(';')).toEqual(expect.arrayContaining(["default-src 'self'", "script-src 'self'", "worker-src 'self'"]));
    expect(csp).not.toContain('unsafe-eval');
  });

  it('serves the manifest with its media type, revalidated, and allows it from this origin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'GOC', start_url: '/' });
    expect(String(res.headers['content-security-policy']).split(';')).toContain("manifest-src 'self'");
  });

  it("serves the manifest's icons as PNG", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/icons/pwa-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('a missing service worker file is a 404, not index.html (the browser must not register a page as a worker)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw-otro.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('API answers tell every cache, the service worker included, to keep nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
