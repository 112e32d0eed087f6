import { fireEvent, screen, waitFor } from '@testing-library/react';

/**
 * Opens a PrimeReact Dropdown / MultiSelect given any element inside it. They ignore clicks that
 * land on their (read-only) input, as a user's click on the box does not.
 */
export function openPicker(inside: HTMLElement): void {
  const root = inside.closest('.p-dropdown, .p-multiselect') ?? inside;
  fireEvent.click(root);
}

const panelOpen = () => document.querySelector('.p-dropdown-panel, .p-multiselect-panel') !== null;

/**
 * Opens a picker and chooses the option with that accessible name. A picker still loading its
 * options ignores clicks, so the opening is retried until the option shows up.
 */
export async function choose(inside: HTMLElement, name: string | RegExp): Promise<void> {
  // The overlay panel is display:none in jsdom (no layout), hence hidden: true.
  const option = await waitFor(() => {
    const found = screen.queryByRole('option', { name, hidden: true });
    if (found) return found;
    if (!panelOpen()) openPicker(inside);
    throw new Error(`La opción ${String(name)} no aparece`);
  });
  fireEvent.click(option);
}
