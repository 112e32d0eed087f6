import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/*
 * Which PrimeIcons GOC's own screens show. The icon font is 35 kB for some 300 icons; the screens use
 * about 80, and a phone's first screen waits for whatever font bytes it asks for. So those icons get a
 * small font of their own, declared for their code points only (`unicode-range`): the browser takes
 * the full font only on a screen that shows another icon — one an Icons catalogue entry names.
 */

const require = createRequire(import.meta.url);
const PRIMEICONS_CSS = require.resolve('primeicons/primeicons.css');
export const PRIMEICONS_WOFF2 = require.resolve('primeicons/fonts/primeicons.woff2');

const SOURCES = [join(import.meta.dirname, '../src'), join(import.meta.dirname, '../../../packages/contracts/src')];
const SOURCE_FILE = /\.(ts|tsx)$/;
const TEST_FILE = /\.test\.tsx?$/;
const ICON_CLASS = /\bpi-[a-z0-9-]+/g;

/** Each PrimeIcons class and the code point its `:before` shows. */
export function primeIconCodePoints(css = readFileSync(PRIMEICONS_CSS, 'utf8')): Map<string, number> {
  const icons = new Map<string, number>();
  for (const [, name, hex] of css.matchAll(/\.(pi-[a-z0-9-]+):before\s*\{\s*content:\s*"\\([0-9a-f]+)"/g)) icons.set(name!, Number.parseInt(hex!, 16));
  return icons;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** The icon classes named in the web app's and the contracts' sources (tests left out), sorted. */
export function iconsInSources(): string[] {
  const icons = primeIconCodePoints();
  const used = new Set<string>();
  for (const dir of SOURCES) {
    for (const file of sourceFiles(dir)) {
      for (const [name] of readFileSync(file, 'utf8').matchAll(ICON_CLASS)) if (icons.has(name)) used.add(name);
    }
  }
  return [...used].sort();
}

/** `unicode-range` value for the given code points, consecutive ones merged. */
export function unicodeRange(codePoints: readonly number[]): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const point of sorted) {
    const last = ranges.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  const hex = (n: number) => `U+${n.toString(16).toUpperCase()}`;
  return ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${to.toString(16).toUpperCase()}`)).join(', ');
}

/** The code points `unicode-range` covers. */
export function codePointsOf(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const match = /U\+([0-9A-F]+)(?:-([0-9A-F]+))?/i.exec(part.trim());
    if (!match) throw new Error(`unicode-range: «${part}» is not a code point or a range`);
    const from = Number.parseInt(match[1]!, 16);
    const to = match[2] ? Number.parseInt(match[2], 16) : from;
    for (let point = from; point <= to; point++) points.add(point);
  }
  return points;
}
