import { fireEvent, screen } from '@testing-library/react';

/**
 * Opens a PrimeReact Dropdown / MultiSelect / Calendar given any element inside it. They ignore
 * clicks that land on their (read-only) input, as a user's click on the box does not.
 */
export function openPicker(inside: HTMLElement): void {
  const root = inside.closest('.p-dropdown, .p-multiselect') ?? inside;
  fireEvent.click(root);
}

/** Opens a picker and chooses the option with that accessible name. */
export async function choose(inside: HTMLElement, option: string | RegExp): Promise<void> {
  openPicker(inside);
  // The overlay panel is display:none in jsdom (no layout), hence hidden: true.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}
