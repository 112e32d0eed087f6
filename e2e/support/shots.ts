import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** Where SCREENSHOTS=1 runs leave their pictures for a human review. */
const dir = process.env.SCREENSHOTS_DIR ?? '/tmp/goc/shots';

/** The desktop and the phone every screen is looked at on. */
export const DEVICES = [
  { name: 'desktop', use: { viewport: { width: 1366, height: 768 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

/**
 * Until the fonts are in and no finite animation runs (dialogs and toasts fade in). A transition starts
 * a frame after its class is set, so two frames go by first; spinners and skeletons loop for ever and
 * are not waited for.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** A full-page picture once the page is still. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await untilStill(page);
  await page.screenshot({ path: `${dir}/e2e-${name}.png`, fullPage: true });
}
