import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastProvider } from '../../src/components/toast/toast-provider';
import { ToastRegion } from '../../src/components/toast/toast-region';
import { createToastTimer } from '../../src/components/toast/toast-timer';
import { TOAST_TRANSITION_MS } from '../../src/components/toast/toast-store';
import { useToast } from '../../src/components/toast/use-toast';
import type { ToastApi } from '../../src/components/toast/toast-types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast timer (SPEC §4)', () => {
  it('expires after its life', () => {
    const expire = vi.fn();
    createToastTimer(3000, expire);
    vi.advanceTimersByTime(2999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('pause keeps the remaining time, resume restarts with what remained', () => {
    const expire = vi.fn();
    const timer = createToastTimer(3000, expire);
    vi.advanceTimersByTime(1000);
    timer.pause();
    expect(timer.remaining()).toBe(2000);
    vi.advanceTimersByTime(10_000);
    expect(expire).not.toHaveBeenCalled();
    expect(timer.remaining()).toBe(2000);
    timer.resume();
    vi.advanceTimersByTime(1999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('several pauses accumulate: the life is never restarted from full', () => {
    const expire = vi.fn();
    const timer = createToastTimer(3000, expire);
    for (let i = 0; i < 2; i += 1) {
      vi.advanceTimersByTime(1000);
      timer.pause();
      vi.advanceTimersByTime(5000);
      timer.resume();
    }
    vi.advanceTimersByTime(999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('clear stops it for good, even if resumed later', () => {
    const expire = vi.fn();
    const timer = createToastTimer(3000, expire);
    timer.clear();
    timer.resume();
    vi.advanceTimersByTime(10_000);
    expect(expire).not.toHaveBeenCalled();
    expect(timer.remaining()).toBe(0);
  });
});

function renderToasts(extra?: ReactNode) {
  let api: ToastApi | null = null;
  function Capture() {
    api = useToast();
    return null;
  }
  render(
    <ToastProvider>
      <Capture />
      {extra}
    </ToastProvider>,
  );
  return () => api!;
}

/** The toast is gone once its leave transition ended. */
function afterLeave() {
  act(() => {
    vi.advanceTimersByTime(TOAST_TRANSITION_MS);
  });
}

describe('ToastProvider / useToast', () => {
  it('shows summary and detail with the default severity info, top-right and w-96', () => {
    const toast = renderToasts();
    act(() => void toast().add({ summary: 'Guardado', detail: 'La empresa se guardó' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Guardado');
    expect(alert).toHaveTextContent('La empresa se guardó');
    expect(alert).toHaveClass('p-toast-message-info');
    const region = alert.parentElement!;
    expect(region).toHaveClass('p-toast-top-right', 'w-96');
  });

  it.each(['info', 'success', 'warn', 'error', 'secondary', 'contrast'] as const)('renders severity %s', (severity) => {
    const toast = renderToasts();
    act(() => void toast().add({ severity, summary: severity }));
    expect(screen.getByRole('alert')).toHaveClass(`p-toast-message-${severity}`);
  });

  it('closes by itself after its life, then leaves in 500 ms', () => {
    const toast = renderToasts();
    act(() => void toast().add({ summary: 'Hola', life: 3000 }));
    act(() => void vi.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toHaveClass('goc-toast-enter');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveClass('goc-toast-leave');
    afterLeave();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hover pauses with the remaining time; leaving restarts with what remained', () => {
    const toast = renderToasts();
    act(() => void toast().add({ summary: 'Hola', life: 3000 }));
    act(() => void vi.advanceTimersByTime(2000));
    fireEvent.mouseEnter(screen.getByRole('alert'));
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveClass('goc-toast-enter');
    fireEvent.mouseLeave(screen.getByRole('alert'));
    act(() => void vi.advanceTimersByTime(999));
    expect(screen.getByRole('alert')).toHaveClass('goc-toast-enter');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveClass('goc-toast-leave');
  });

  it('the close button closes it and clears its timer', () => {
    const toast = renderToasts();
    act(() => void toast().add({ summary: 'Hola', life: 3000 }));
    expect(vi.getTimerCount()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    // Only the 500 ms leave transition is left running.
    expect(vi.getTimerCount()).toBe(1);
    expect(screen.getByRole('alert')).toHaveClass('goc-toast-leave');
    afterLeave();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without life it stays until closed; closable false has no close button', () => {
    const toast = renderToasts();
    act(() => void toast().add({ summary: 'Fijo', closable: false }));
    act(() => void vi.advanceTimersByTime(600_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Fijo');
    expect(screen.queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
  });

  it('groups go to their own region; remove, removeGroup and removeAllGroups close them', () => {
    const toast = renderToasts(<ToastRegion group="side" position="bottom-left" />);
    let id = '';
    act(() => {
      id = toast().add({ summary: 'Uno', id: 'uno' });
      toast().add({ summary: 'Dos', group: 'side' });
      toast().add({ summary: 'Tres', group: 'side' });
    });
    expect(id).toBe('uno');
    expect(screen.getByText('Dos').closest('.p-toast')).toHaveClass('p-toast-bottom-left');
    expect(screen.getByText('Uno').closest('.p-toast')).toHaveClass('p-toast-top-right');
    act(() => toast().remove('uno'));
    afterLeave();
    expect(screen.queryByText('Uno')).not.toBeInTheDocument();
    act(() => toast().removeGroup('side'));
    afterLeave();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    act(() => {
      toast().add({ summary: 'Cuatro' });
      toast().add({ summary: 'Cinco', group: 'side' });
    });
    act(() => toast().removeAllGroups());
    afterLeave();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it("useToast outside its provider throws 'No PrimeVue Toast provided!'", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useToast())).toThrow(new Error('No PrimeVue Toast provided!'));
  });
});
