import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePrompt } from '../../src/components/prompt/use-prompt';
import type { PromptApi } from '../../src/components/prompt/prompt-types';
import {
  canAccept,
  counterText,
  INITIAL_PROMPT_STATE,
  MULTISELECT_PLACEHOLDER,
  placeholderOf,
  SELECT_PLACEHOLDER,
  selectionHints,
  type PromptState,
} from '../../src/components/prompt/prompt-rules';
import { renderWithProviders } from '../render-providers';

const OPTIONS = [
  { label: 'Acero', value: 1 },
  { label: 'Concreto', value: 2 },
  { label: 'Eléctrico', value: 3 },
  { label: 'Hidráulico', value: 4 },
];

const open = (over: Partial<PromptState>): PromptState => ({ ...INITIAL_PROMPT_STATE, visible: true, ...over });

describe('prompt rules (SPEC §5)', () => {
  it("the text counter reads 'n / max'", () => {
    expect(counterText('', 40)).toBe('0 / 40');
    expect(counterText('Obra norte', 40)).toBe('10 / 40');
  });

  it('default placeholders, unless one is given', () => {
    expect(placeholderOf({ type: 'select' })).toBe('Selecciona una opción');
    expect(placeholderOf({ type: 'multiselect' })).toBe('Selecciona una o varias opciones');
    expect(placeholderOf({ type: 'text' })).toBeUndefined();
    expect(placeholderOf({ type: 'select', placeholder: 'Elige la obra' })).toBe('Elige la obra');
  });

  it("hints 'Mín: n' and 'Máx: n' for the declared bounds", () => {
    expect(selectionHints({ minSelected: 1, maxSelected: 3 })).toEqual(['Mín: 1', 'Máx: 3']);
    expect(selectionHints({ maxSelected: 2 })).toEqual(['Máx: 2']);
    expect(selectionHints({})).toEqual([]);
  });

  it('a multiselect outside [min, max] cannot be accepted', () => {
    const state = (value: number[]) => open({ type: 'multiselect', value, minSelected: 2, maxSelected: 3 });
    expect(canAccept(state([1]))).toBe(false);
    expect(canAccept(state([1, 2]))).toBe(true);
    expect(canAccept(state([1, 2, 3]))).toBe(true);
    expect(canAccept(state([1, 2, 3, 4]))).toBe(false);
  });

  it('a select needs a choice; a text prompt always accepts; a hidden prompt never', () => {
    expect(canAccept(open({ type: 'select', value: null }))).toBe(false);
    expect(canAccept(open({ type: 'select', value: 0 }))).toBe(true);
    expect(canAccept(open({ type: 'text', value: '' }))).toBe(true);
    expect(canAccept(INITIAL_PROMPT_STATE)).toBe(false);
  });
});

function renderPrompt() {
  let api: PromptApi | null = null;
  function Capture() {
    api = usePrompt();
    return null;
  }
  renderWithProviders(<Capture />);
  return () => api!;
}

async function dialog() {
  return screen.findByRole('dialog');
}

describe('PromptDialog through usePrompt()', () => {
  it("text: counter 'n / max', maxlength, Enter accepts with the typed text", async () => {
    const prompt = renderPrompt();
    let answer: Promise<string | null> = Promise.resolve(null);
    act(() => {
      answer = prompt().text({ header: 'Renombrar', message: 'Nuevo nombre de la obra', maxlength: 12 });
    });
    const box = within(await dialog()).getByRole('textbox');
    expect(screen.getByText('0 / 12')).toBeInTheDocument();
    expect(box).toHaveAttribute('maxlength', '12');
    await userEvent.type(box, 'Torre Norte');
    expect(screen.getByText('11 / 12')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toBe('Torre Norte');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('accept and cancel reset the state: the next prompt starts empty', async () => {
    const prompt = renderPrompt();
    let answer: Promise<string | null> = Promise.resolve(null);
    act(() => {
      answer = prompt().text({ header: 'Motivo', message: 'Escribe el motivo', maxlength: 50 });
    });
    await userEvent.type(within(await dialog()).getByRole('textbox'), 'Sin material');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(answer).resolves.toBeNull();
    act(() => {
      void prompt().text({ header: 'Motivo', message: 'Escribe el motivo', maxlength: 50 });
    });
    expect(within(await dialog()).getByRole('textbox')).toHaveValue('');
    expect(screen.getByText('0 / 50')).toBeInTheDocument();
  });

  it('select: default placeholder and the chosen value on accept', async () => {
    const prompt = renderPrompt();
    let answer: Promise<number | null> = Promise.resolve(null);
    act(() => {
      answer = prompt().select({ header: 'Categoría', message: 'Elige una categoría', options: OPTIONS });
    });
    const body = await dialog();
    const label = body.querySelector('.p-dropdown-label')!;
    expect(label).toHaveTextContent(SELECT_PLACEHOLDER);
    // Nothing chosen: accept does nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(label);
    await userEvent.click(await screen.findByRole('option', { name: 'Concreto', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await expect(answer).resolves.toBe(2);
  });

  it("multiselect: default placeholder, 'Mín'/'Máx' hints, accept silently ignored outside bounds", async () => {
    const prompt = renderPrompt();
    let settled = false;
    let answer: Promise<number[] | null> = Promise.resolve(null);
    act(() => {
      answer = prompt().multiselect({ header: 'Materiales', message: 'Elige de 2 a 3', options: OPTIONS, value: [1], minSelected: 2, maxSelected: 3 });
      void answer.then(() => {
        settled = true;
      });
    });
    const body = await dialog();
    expect(within(body).getByText('Mín: 2')).toBeInTheDocument();
    expect(within(body).getByText('Máx: 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(settled).toBe(false);
    act(() => {
      answer = prompt().multiselect({ header: 'Materiales', message: 'Elige de 2 a 3', options: OPTIONS, value: [1, 2], minSelected: 2, maxSelected: 3 });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await expect(answer).resolves.toEqual([1, 2]);
  });

  it('multiselect above maxSelected is refused too', async () => {
    const prompt = renderPrompt();
    act(() => {
      void prompt().multiselect({ header: 'Materiales', message: 'Máximo 2', options: OPTIONS, value: [1, 2, 3], maxSelected: 2 });
    });
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('multiselect shows its default placeholder when nothing is selected', async () => {
    const prompt = renderPrompt();
    act(() => {
      void prompt().multiselect({ header: 'Materiales', message: 'Elige', options: OPTIONS });
    });
    expect((await dialog()).querySelector('.p-multiselect-label')).toHaveTextContent(MULTISELECT_PLACEHOLDER);
  });

  it('Escape cancels', async () => {
    const prompt = renderPrompt();
    let answer: Promise<string | null> = Promise.resolve('x');
    act(() => {
      answer = prompt().text({ header: 'Nota', message: 'Escribe una nota', value: 'borrador' });
    });
    await dialog();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });
    await expect(answer).resolves.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a click on the backdrop cancels', async () => {
    const prompt = renderPrompt();
    let answer: Promise<string | null> = Promise.resolve('x');
    act(() => {
      answer = prompt().text({ header: 'Nota', message: 'Escribe una nota' });
    });
    const mask = (await dialog()).parentElement!;
    expect(mask).toHaveClass('p-dialog-mask');
    fireEvent.pointerDown(mask);
    fireEvent.pointerUp(mask);
    await expect(answer).resolves.toBeNull();
  });

  it('the dialog is maximizable', async () => {
    const prompt = renderPrompt();
    act(() => {
      void prompt().text({ header: 'Nota', message: 'Escribe una nota' });
    });
    const body = await dialog();
    expect(body.parentElement).toHaveClass('p-dialog-center');
    fireEvent.click(body.querySelector('.p-dialog-header-maximize')!);
    expect(body).toHaveClass('p-dialog-maximized');
  });

  it('focuses the input 50 ms after opening', async () => {
    const prompt = renderPrompt();
    act(() => {
      void prompt().text({ header: 'Nota', message: 'Escribe una nota' });
    });
    const first = within(await dialog()).getByRole('textbox');
    vi.useFakeTimers();
    act(() => {
      void prompt().text({ header: 'Otra nota', message: 'Escribe otra nota' });
    });
    const box = within(screen.getByRole('dialog')).getByRole('textbox');
    expect(box).toBe(first);
    box.blur();
    act(() => void vi.advanceTimersByTime(49));
    expect(box).not.toHaveFocus();
    act(() => void vi.advanceTimersByTime(1));
    expect(box).toHaveFocus();
  });
});
