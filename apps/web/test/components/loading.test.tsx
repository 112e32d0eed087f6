import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useLoading } from '../../src/components/loading/use-loading';
import type { LoadingApi } from '../../src/components/loading/loading-context';
import { renderWithProviders } from '../render-providers';

function renderLoading() {
  let api: LoadingApi | null = null;
  function Capture() {
    api = useLoading();
    return null;
  }
  renderWithProviders(<Capture />);
  return () => api!;
}

describe('loading overlay (SPEC §4: on or off)', () => {
  it('is off until shown, and off again once every show has its hide', () => {
    const loading = renderLoading();
    expect(screen.queryByRole('status', { name: 'Cargando…' })).not.toBeInTheDocument();
    act(() => {
      loading().show();
      loading().show();
    });
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
    act(() => loading().hide());
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
    act(() => loading().hide());
    expect(screen.queryByRole('status', { name: 'Cargando…' })).not.toBeInTheDocument();
  });

  it('run() covers a long action however it ends', async () => {
    const loading = renderLoading();
    let finish: (value: string) => void = () => undefined;
    let result: Promise<string> = Promise.resolve('');
    act(() => {
      result = loading().run(new Promise<string>((resolve) => (finish = resolve)));
    });
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
    await act(async () => {
      finish('listo');
      await result;
    });
    await expect(result).resolves.toBe('listo');
    expect(screen.queryByRole('status', { name: 'Cargando…' })).not.toBeInTheDocument();

    let failure: Promise<unknown> = Promise.resolve();
    await act(async () => {
      failure = loading().run(() => Promise.reject(new Error('falló'))).catch((e: unknown) => e);
      await failure;
    });
    expect(await failure).toEqual(new Error('falló'));
    expect(screen.queryByRole('status', { name: 'Cargando…' })).not.toBeInTheDocument();
  });
});
