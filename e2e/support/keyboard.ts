import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has the focus; fails when it is not reached in `max` presses (a keyboard trap or an unreachable control). */
export async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');
  await expect(target, `reached with the Tab key (the focus is on ${at})`).toBeFocused({ timeout: 1_000 });
}
