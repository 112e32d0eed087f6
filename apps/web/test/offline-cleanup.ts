import { afterEach, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { api } from '../src/lib/api/client';
import { wipeOfflineData } from '../src/lib/offline/offline-db';

/**
 * Registers, for the test file that calls it, what every offline test undoes after it: the page it
 * rendered (handed to `rendered`) unmounted, the HTTP client's adapter put back, spies restored,
 * TanStack Query back online (its state is global) and the phone's IndexedDB wiped. (test/setup.ts
 * already puts the viewport and the real timers back after every test.)
 */
export function cleanUpOfflineTests(): { rendered(dispose: () => void): void } {
  const originalAdapter = api.defaults.adapter;
  let dispose: (() => void) | null = null;
  afterEach(async () => {
    dispose?.();
    dispose = null;
    api.defaults.adapter = originalAdapter;
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
    await wipeOfflineData();
  });
  return {
    rendered: (next) => {
      dispose = next;
    },
  };
}
