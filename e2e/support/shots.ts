import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** Where SCREENSHOTS=1 runs leave their pictures for a human review. */
const dir = process.env.SCREENSHOTS_DIR ?? '/tmp/goc/shots';

/** The desktop and the phone every screen is looked at on. */
export const DEVICES = [
  { name: 'desktop', use: { viewport: { width: 1366, height: 768 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

/** A full-page picture once the fonts are in and the last animation has settled. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/e2e-${name}.png`, fullPage: true });
}
