import { Component, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyComponent } from '../../src/components/lazy-component';
import { renderWithProviders } from '../render-providers';

function Details({ name }: { name: string }) {
  return <p>Detalle de {name}</p>;
}

/** What a page does with a lazy dialog: «Abrir» shows it, «Cerrar» takes it away; an error is shown, not thrown on. */
function Host({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Abrir</button>
      <button type="button" onClick={() => setOpen(false)}>Cerrar</button>
      {open && <Caught>{children}</Caught>}
    </>
  );
}

class Caught extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>No se pudo descargar</p> : this.props.children;
  }
}

function deferred() {
  let resolve: (value: typeof Details) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<typeof Details>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lazyComponent: code downloaded when first shown', () => {
  it('shows nothing for a quick download, the loading overlay for a slow one, then the component', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const download = deferred();
    const Lazy = lazyComponent(() => download.promise);
    renderWithProviders(
      <Host>
        <Lazy name="OB-2024-007" />
      </Host>,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByRole('status', { name: 'Cargando…' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();

    await act(async () => download.resolve(Details));
    expect(screen.getByText('Detalle de OB-2024-007')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Cargando…' })).not.toBeInTheDocument();
  });

  it('tries a failed download again the next time it is shown', async () => {
    const first = deferred();
    const load = vi.fn<() => Promise<typeof Details>>().mockReturnValueOnce(first.promise).mockResolvedValue(Details);
    const Lazy = lazyComponent(load);
    renderWithProviders(
      <Host>
        <Lazy name="OB-2024-007" />
      </Host>,
    );
    const user = userEvent.setup();
    // React reports the error the boundary caught.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await act(async () => first.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByText('No se pudo descargar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Detalle de OB-2024-007')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('downloads ahead with preload, and a failed preload is left for the showing', async () => {
    const load = vi.fn<() => Promise<typeof Details>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Details);
    const Lazy = lazyComponent(load);
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    renderWithProviders(
      <Host>
        <Lazy name="OB-2024-007" />
      </Host>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Detalle de OB-2024-007')).toBeInTheDocument();
  });
});
