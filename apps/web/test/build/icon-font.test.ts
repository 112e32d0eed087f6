import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePointsOf, iconsInSources, primeIconCodePoints, unicodeRange } from '../../build/icon-usage';

const SCREENS_CSS = readFileSync(join(import.meta.dirname, '../../src/assets/fonts/primeicons-screens.css'), 'utf8');
const COVERED = codePointsOf(/unicode-range:\s*([^;]+);/.exec(SCREENS_CSS)![1]!);
const STYLES = readFileSync(join(import.meta.dirname, '../../src/styles.css'), 'utf8');

describe("the screens' icon font", () => {
  it('covers every icon the screens name (else: npm run fonts -w @goc/web)', () => {
    const codePoints = primeIconCodePoints();
    const used = iconsInSources();
    expect(used).toEqual(expect.arrayContaining(['pi-home', 'pi-bell', 'pi-sign-out', 'pi-building']));
    expect(used.filter((name) => !COVERED.has(codePoints.get(name)!))).toEqual([]);
  });

  it("leaves out the icons only the Icons catalogue's entries name, which the full font serves", () => {
    expect(COVERED.has(primeIconCodePoints().get('pi-warehouse')!)).toBe(false);
  });

  it('is declared after the full font, so the browser picks it first for the icons it covers', () => {
    const full = STYLES.indexOf("@import 'primeicons/primeicons.css'");
    const screens = STYLES.indexOf("@import './assets/fonts/primeicons-screens.css'");
    expect(full).toBeGreaterThan(-1);
    expect(screens).toBeGreaterThan(full);
  });

  it('reads the code points of the icon classes and writes ranges with neighbours merged', () => {
    expect(primeIconCodePoints('.pi-a:before {\n    content: "\\e900";\n}\n.pi-b:before { content: "\\e9ff"; }')).toEqual(
      new Map([
        ['pi-a', 0xe900],
        ['pi-b', 0xe9ff],
      ]),
    );
    expect(unicodeRange([0xe902, 0xe900, 0xe901, 0xe905, 0xe901])).toBe('U+E900-E902, U+E905');
    expect([...codePointsOf('U+E900-E902, U+E905')]).toEqual([0xe900, 0xe901, 0xe902, 0xe905]);
  });
});
