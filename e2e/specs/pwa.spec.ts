import type { Page } from '@playwright/test';
import { BASE_URL } from '../support/constants';
import { expect, headerTitle, seedSession, test } from '../support/test';

// docs/offline.md "Instalación y actualizaciones": GOC installable, on a phone.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context, sessions }) => {
  await seedSession(context, await sessions.admin());
});

/** Waits for the service worker registered after the page's load to be active (its precache filled). */
async function serviceWorkerActive(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
}

/** Every URL the service worker's caches hold, without Workbox's revision query (`?__WB_REVISION__=`). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url.split('?')[0] ?? '');
    return urls;
  });
}

test('the service worker installs, precaches the app and, after a reload, serves the shell while /api goes to the network', async ({ page }) => {
  // A first visit with nothing cached, then the whole app (about 2 MB) downloaded into the precache.
  test.slow();
  await page.goto('/');
  expect(await serviceWorkerActive(page)).toBe(`${BASE_URL}/sw.js`);

  const cached = await cachedUrls(page);
  expect(cached).toContain(`${BASE_URL}/index.html`);
  expect(cached.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  expect(cached.some((url) => /\/assets\/[\w-]+\.woff2$/.test(url))).toBe(true);
  // Route chunks too, not only the entry: the orders page's.
  expect(cached.some((url) => /\/assets\/orders-page-[\w-]+\.js$/.test(url))).toBe(true);
  expect(cached.filter((url) => url.includes('/api/') || url.endsWith('.map'))).toEqual([]);

  const apiResponses: { url: string; fromServiceWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${BASE_URL}/api/`)) apiResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
  });
  const reloaded = await page.reload();
  await expect(headerTitle(page)).toHaveText('Inicio');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${BASE_URL}/sw.js`);
  // The page itself came from the precache (index.html for the route), the API's answers from the server.
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect.poll(() => apiResponses.length).toBeGreaterThan(0);
  expect(apiResponses.filter((response) => response.fromServiceWorker)).toEqual([]);
  // Nothing the API answered was kept.
  expect((await cachedUrls(page)).filter((url) => url.includes('/api/'))).toEqual([]);
});

test('a page under /api is never answered with the app: the API documentation opens from the server', async ({ page }) => {
  await page.goto('/');
  await serviceWorkerActive(page);
  await page.reload();
  const docs = await page.goto('/api/docs/');
  expect(docs?.status()).toBe(200);
  expect(docs?.fromServiceWorker()).toBe(false);
  expect(await docs?.text()).not.toContain('<div id="root">');
});

test('the manifest is linked and valid: GOC, es-MX, standalone, its icons (a maskable one) answer as PNG of their size', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(`${BASE_URL}${href}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as { icons: { src: string; sizes: string; type: string; purpose?: string }[] } & Record<string, unknown>;
  expect(manifest).toMatchObject({ name: 'GOC', short_name: 'GOC', lang: 'es-MX', start_url: '/', scope: '/', display: 'standalone', theme_color: '#1e293b' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const png = await request.get(`${BASE_URL}${icon.src}`);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  const sw = await request.get(`${BASE_URL}/sw.js`);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('a new version is announced; «Actualizar» waits while a form holds unsaved input, then applies it and reloads', async ({ page }) => {
  test.slow();
  await page.goto('/catalogos/unidades');
  expect(await serviceWorkerActive(page)).toBe(`${BASE_URL}/sw.js`);
  await page.reload();
  await expect(headerTitle(page)).toHaveText('Unidades');
  // The same worker registered under another URL is, for the page, a new version installed and waiting.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?v=2'));
  const notice = page.getByRole('status').filter({ hasText: 'Hay una versión nueva de GOC' });
  await expect(notice).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva unidad' });
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Metro cúbico');
  await notice.getByRole('button', { name: 'Actualizar' }).click();
  await expect(notice).toContainText('Guarda tus cambios antes de actualizar');
  await expect(form.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Metro cúbico');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${BASE_URL}/sw.js`);

  // Discarded: the next click activates the new version, which reloads the page.
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('dialog', { name: '¿Descartar los cambios?' }).getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(form).toBeHidden();
  await page.evaluate(() => Object.assign(window, { gocBeforeUpdate: true }));
  await notice.getByRole('button', { name: 'Actualizar' }).click();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL).catch(() => null), { timeout: 20_000 }).toBe(`${BASE_URL}/sw.js?v=2`);
  // A new page: the reload happened.
  await expect.poll(() => page.evaluate(() => 'gocBeforeUpdate' in window).catch(() => true)).toBe(false);
  await expect(headerTitle(page)).toHaveText('Unidades');
});
