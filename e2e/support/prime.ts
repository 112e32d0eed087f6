import { expect, type Locator, type Page } from '@playwright/test';

/*
 * PrimeReact's Dropdown and MultiSelect put their accessible name on a focusable input that the
 * visible label covers, so a user's click is replayed as focus + Enter on that input. Their overlay
 * is a listbox named 'Lista de opciones' (the Spanish locale); a hidden native select repeats the
 * options, hence the scoping to the listbox.
 */

export function optionsList(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Lista de opciones' });
}

/**
 * Opens a dropdown by its named input and answers its options. The previous pick's overlay fades out
 * after the choice, and until it has gone its options would match as well: it is waited for first.
 */
export async function openOptions(page: Page, input: Locator): Promise<Locator> {
  await expect(optionsList(page)).toHaveCount(0);
  await input.focus();
  await input.press('Enter');
  return optionsList(page);
}

/** Opens a dropdown by its named input and picks the option with this exact label (or the first one). */
export async function pickOption(page: Page, input: Locator, option: string | { first: true }): Promise<void> {
  const list = await openOptions(page, input);
  const item = typeof option === 'string' ? list.getByRole('option', { name: option, exact: true }) : list.getByRole('option').first();
  await item.click();
}
