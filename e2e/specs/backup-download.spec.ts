import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect as baseExpect, seedSession, test } from '../support/test';

/*
 * Configuración → Respaldos in a real browser: the administrator makes a backup and downloads it.
 * What Chromium saves is the .tar.gz itself — gzip bytes that unpack to a tar — not a tar the
 * browser already unpacked under the .tar.gz name, nor a download cancelled by releasing its blob
 * too early (lib/resources/download.ts).
 */
const expect = baseExpect.configure({ timeout: 20_000 });

test('an administrator makes a backup and downloads it as a real .tar.gz', async ({ page, context, sessions }) => {
  test.setTimeout(180_000);
  await seedSession(context, await sessions.admin());
  await page.goto('/configuracion/respaldos');
  await page.getByRole('button', { name: 'Hacer copia ahora' }).click();
  // Dumping the whole demo database takes a while on a busy machine.
  const created = page.getByText(/^Copia creada: /).first();
  await expect(created).toBeVisible({ timeout: 120_000 });
  const fileName = (await created.textContent())!.replace(/^Copia creada: /, '').trim();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Descargar ${fileName}` }).first().click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  expect(download.suggestedFilename()).toMatch(/\.tar\.gz$/);
  expect(await download.failure()).toBeNull();
  const bytes = readFileSync((await download.path())!);
  // The gzip magic, then a tar inside: the POSIX header's "ustar" at offset 257 of the first block.
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const tar = gunzipSync(bytes);
  expect(tar.length % 512).toBe(0);
  expect(tar.subarray(257, 262).toString('latin1')).toBe('ustar');
});
