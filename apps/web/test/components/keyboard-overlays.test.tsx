import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dropdown } from 'primereact/dropdown';
import { KeyboardCalendar } from '../../src/components/form/inputs/date-input';
import { openPicker } from '../crud/prime';
import { renderWithProviders } from '../render-providers';

/*
 * Keyboard obstacles of issue 20 in the shared widgets: the Escape that closes a dropdown's list
 * stops there (a column filter menu or a dialog around it stays), and a date field is typed into
 * and left with Tab, its calendar opening only on ↓.
 */

const OPTIONS = [
  { label: 'Borrador', value: 'borrador' },
  { label: 'Enviado', value: 'enviado' },
];

describe('Escape in a dropdown', () => {
  it('closes its open list only, gives the focus back to the field; with the list closed it goes on to what is around', async () => {
    const around = vi.fn();
    renderWithProviders(
      // What is around: a column filter menu or a dialog, which close on Escape.
      <div onKeyDown={(event) => around(event.key)}>
        <Dropdown inputId="status" value={null} options={OPTIONS} filter aria-label="Estatus" onChange={() => undefined} />
      </div>,
    );
    const field = screen.getByRole('textbox', { name: 'Estatus' });
    openPicker(field);
    await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).not.toBeNull());
    const search = document.querySelector('.p-dropdown-filter') as HTMLInputElement;
    fireEvent.keyDown(search, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
    expect(field).toHaveFocus();
    expect(around).not.toHaveBeenCalledWith('Escape');

    fireEvent.keyDown(field, { key: 'Escape', code: 'Escape' });
    expect(around).toHaveBeenCalledWith('Escape');
  });
});

describe('a date field', () => {
  it('keeps its calendar closed as it takes the focus; ↓ opens it, Tab on a day closes it and goes on to the next field', async () => {
    renderWithProviders(
      <form>
        <KeyboardCalendar inputId="required" value={null} dateFormat="dd/mm/yy" onChange={() => undefined} />
        <input aria-label="Proveedor" />
      </form>,
    );
    const field = document.getElementById('required') as HTMLInputElement;
    field.focus();
    expect(field).toHaveAttribute('aria-expanded', 'false');

    fireEvent.keyDown(field, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
    // Tab on a day of the calendar (jsdom does not run the transition that gives it the focus).
    const day = document.querySelector('.p-datepicker td span') as HTMLElement;
    day.focus();
    fireEvent.keyDown(day, { key: 'Tab', code: 'Tab' });
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.getByRole('textbox', { name: 'Proveedor' })).toHaveFocus();
  });

  it('Escape that closes the calendar stops there: what is around (a dialog) does not hear it', async () => {
    const around = vi.fn();
    renderWithProviders(
      <div onKeyDown={(event) => around(event.key)}>
        <KeyboardCalendar inputId="required" value={null} dateFormat="dd/mm/yy" onChange={() => undefined} />
      </div>,
    );
    const field = document.getElementById('required') as HTMLInputElement;
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
    fireEvent.keyDown(field, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'false'));
    expect(around).not.toHaveBeenCalledWith('Escape');
  });
});
