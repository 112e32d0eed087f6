import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/*
 * Writes the installed app's icons in public/icons (`npm run icons -w @goc/web`) from the favicon,
 * so the home-screen icon is the logo the tab shows. Run it again when favicon.svg changes.
 */

const PUBLIC = join(import.meta.dirname, '../public');
const favicon = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
/** The favicon's square, drawn edge to edge: launchers that mask icons crop it to their shape. */
const BLUE = /fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!BLUE) throw new Error('favicon.svg: no se encontró el color de fondo del logotipo');
const HOUSE = /<path [^>]+\/>/.exec(favicon)?.[0];
if (!HOUSE) throw new Error('favicon.svg: no se encontró el trazo del logotipo');

/**
 * A maskable icon keeps what matters inside the central circle of 80 % of its side (W3C
 * "Icon masks"): the house, whose corners reach 71 % of that radius in the favicon, drawn at 90 % on a
 * full square of the logo's blue.
 */
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16) scale(0.9) translate(-16 -16)">${HOUSE}</g></svg>`;

const ICONS = [
  { file: 'pwa-192.png', svg: favicon, size: 192 },
  { file: 'pwa-512.png', svg: favicon, size: 512 },
  { file: 'pwa-maskable-512.png', svg: MASKABLE, size: 512 },
  // iOS ignores the manifest's icons and takes this one (it rounds the corners itself).
  { file: 'apple-touch-icon-180.png', svg: MASKABLE, size: 180 },
];

for (const { file, svg, size } of ICONS) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(PUBLIC, 'icons', file));
  console.log(`public/icons/${file}: ${size}×${size}`);
}
