import { describe, expect, it, vi } from 'vitest';
import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { useConfirm } from '../../src/components/confirm/use-confirm';
import type { ConfirmOptions } from '../../src/components/confirm/confirm-types';
import { renderWithProviders } from '../render-providers';

function Asker({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => confirm.require(options)}>
      Preguntar
    </button>
  );
}

function setup() {
  const options = { header: 'Eliminar', message: '¿Eliminar la empresa?', acceptLabel: 'Eliminar', rejectLabel: 'Conservar', accept: vi.fn(), reject: vi.fn(), onHide: vi.fn() };
  renderWithProviders(<Asker options={options} />);
  return options;
}

describe('ConfirmProvider / useConfirm (SPEC §4)', () => {
  it('opens on request with the given header, message and buttons', async () => {
    setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Eliminar');
    expect(dialog).toHaveTextContent('¿Eliminar la empresa?');
    expect(screen.getByRole('button', { name: 'Conservar' })).toBeInTheDocument();
  });

  it('accept calls accept and closes', async () => {
    const options = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(options.accept).toHaveBeenCalledTimes(1);
    expect(options.reject).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(options.onHide).toHaveBeenCalledTimes(1);
  });

  it('reject calls reject and closes', async () => {
    const options = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Conservar' }));
    expect(options.reject).toHaveBeenCalledTimes(1);
    expect(options.accept).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hiding it (Escape) closes without accepting or rejecting', async () => {
    const options = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(options.onHide).toHaveBeenCalledTimes(1);
    expect(options.accept).not.toHaveBeenCalled();
    expect(options.reject).not.toHaveBeenCalled();
  });

  it("useConfirm outside its provider throws 'No PrimeVue Confirmation provided!'", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useConfirm())).toThrow(new Error('No PrimeVue Confirmation provided!'));
  });
});
