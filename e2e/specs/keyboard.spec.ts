import type { Locator, Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/constants';
import { expect, headerTitle, seedSession, test } from '../support/test';

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

test('in a form, Escape in a date field\'s calendar closes the calendar only, not the form', async ({ page, context, sessions }) => {
  await seedSession(context, await sessions.admin());
  await page.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 30_000 });
  await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Nuevo' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Nuevo pedido' });
  // Something typed, so closing the form would ask to discard it.
  await form.getByRole('textbox', { name: /^Notas/ }).first().focus();
  await page.keyboard.type('Entregar por la mañana');
  const required = form.getByRole('combobox', { name: /^Fecha requerida/ });
  // The calendar opens as the field takes the focus.
  await required.focus();
  await expect(required).toHaveAttribute('aria-expanded', 'true');
  // Tab goes into the calendar (its month buttons and days); Escape from there.
  await page.keyboard.press('Tab');
  await expect(page.locator('.p-datepicker :focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(required).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('dialog', { name: '¿Descartar los cambios?' })).toHaveCount(0);
  await expect(form).toBeVisible();
});
