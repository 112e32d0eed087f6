import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { PRIMEICONS_WOFF2, iconsInSources, primeIconCodePoints, unicodeRange } from './icon-usage.ts';

/*
 * Writes the fonts in src/assets/fonts (`npm run fonts -w @goc/web`): Inter cut to what a Spanish
 * back office writes, and PrimeIcons cut to the icons GOC's screens use. Run it again when the
 * theme's Inter changes or a screen starts using another icon (the icon-font test says so).
 */

const require = createRequire(import.meta.url);
const THEME_FONTS = require.resolve('primereact/resources/themes/lara-light-blue/theme.css').replace(/theme\.css$/, 'fonts/');
const OUT = join(import.meta.dirname, '../src/assets/fonts');

// ASCII, Latin-1 (á é í ó ú ñ ü ¿ ¡ ° º ª « » ×), – —, quotes, •, …, ‹ ›, €, ™, arrows, minus.
const SPANISH = [[0x20, 0x7e], [0xa0, 0xff], [0x2013, 0x2014], [0x2018, 0x201e], [0x2022, 0x2022], [0x2026, 0x2026], [0x2039, 0x203a], [0x20ac, 0x20ac], [0x2122, 0x2122], [0x2190, 0x2193], [0x2212, 0x2212]]
  .flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => String.fromCodePoint(from! + i)))
  .join('');

/*
 * The optical size fixed at text size and the weights the screens use (400–700): the axes' variations
 * were two thirds of the file. The layout features kept are shaping's own plus those the theme turns
 * on (cv02 cv03 cv04 cv11), tabular figures for amounts and case-sensitive forms.
 */
const INTER: Parameters<typeof subsetFont>[2] = {
  targetFormat: 'woff2',
  variationAxes: { opsz: 14, wght: { min: 400, max: 700, default: 400 } },
  keepFeatures: ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'calt', 'liga', 'case', 'tnum', 'cv02', 'cv03', 'cv04', 'cv11'],
};

function write(name: string, data: Buffer | string) {
  writeFileSync(join(OUT, name), data);
  console.log(`src/assets/fonts/${name}: ${data.length} bytes`);
}

for (const [from, to] of [['InterVariable.woff2', 'inter-latin-es.woff2'], ['InterVariable-Italic.woff2', 'inter-latin-es-italic.woff2']] as const) {
  write(to, await subsetFont(readFileSync(`${THEME_FONTS}${from}`), SPANISH, INTER));
}

const codePoints = primeIconCodePoints();
const points = iconsInSources().map((name) => codePoints.get(name)!);
write('primeicons-screens.woff2', await subsetFont(readFileSync(PRIMEICONS_WOFF2), String.fromCodePoint(...points), { targetFormat: 'woff2' }));
write(
  'primeicons-screens.css',
  `/* Written by build/subset-fonts.ts: the icons GOC's screens use, in a font of their own. */\n` +
    `@font-face {\n  font-family: 'primeicons';\n  font-display: block;\n  src: url('./primeicons-screens.woff2') format('woff2');\n  font-weight: normal;\n  font-style: normal;\n  unicode-range: ${unicodeRange(points)};\n}\n`,
);
