import type { Locator, Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/constants';
import { expect, headerTitle, test } from '../support/test';

/*
 * Keyboard journeys (issue 20): nothing here touches the mouse. Focus moves with Tab and controls
 * act on Enter, as a keyboard-only user works.
 */

/** Presses Tab until `target` has the focus; fails when it is not reached in `max` presses (a keyboard trap or an unreachable control). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');
  await expect(target, `reached with the Tab key (the focus is on ${at})`).toBeFocused({ timeout: 1_000 });
}

test('sign in with the keyboard only', async ({ page, sessions }) => {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Usuario'));
  await page.keyboard.type(ADMIN_USERNAME);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN_PASSWORD);
  await sessions.bookLoginAttempt();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expect(headerTitle(page)).toHaveText('Inicio');
});
