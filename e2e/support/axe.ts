import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe-core's browser bundle, read once from the package the spec depends on. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA: the bar issue 20 sets. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeFinding {
  /** Where the page was: device, role, route and state, e.g. "phone · admin · /catalogos/materiales · diálogo". */
  where: string;
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the failing elements (the first few). */
  targets: string[];
  /** The first failing element's markup, shortened. */
  html: string;
}

/**
 * Runs axe-core on the whole document as it is now. The bundle is evaluated through the DevTools
 * protocol (page.evaluate), which the app's strict Content-Security-Policy does not govern: no
 * script tag is added and the production CSP stays as it is.
 */
export async function axeFindings(page: Page, where: string): Promise<AxeFinding[]> {
  // A live notification (a toast) may arrive while the page is measured: its contrast is read once it is opaque.
  await page
    .waitForFunction(() => Array.from(document.querySelectorAll('.p-toast-message')).every((el) => getComputedStyle(el).opacity === '1'), undefined, { timeout: 2_000 })
    .catch(() => undefined);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string }[] }[] };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')), html: (v.nodes[0]?.html ?? '').slice(0, 240) }));
  }, [...WCAG_AA_TAGS]);
  return violations.map((v) => ({ where, ...v, targets: v.targets.slice(0, 5).concat(v.targets.length > 5 ? [`… y ${v.targets.length - 5} más`] : []) }));
}

/** One line per finding: route/state, rule, impact and the elements, for a failure message a person can act on. */
export function formatFindings(findings: readonly AxeFinding[]): string {
  return findings.map((f) => `${f.where} — ${f.rule} (${f.impact}): ${f.help}\n    ${f.targets.join('\n    ')}\n    ${f.html}`).join('\n');
}
