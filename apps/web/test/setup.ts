import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { registerSpanishLocale } from '../src/i18n/prime-locale';

registerSpanishLocale();

// Route tests load lazy pages, which vitest transforms on first import: give findBy* room for that.
configure({ asyncUtilTimeout: 5000 });

/** jsdom has no matchMedia; tests pick the viewport with setViewportWidth(). */
let viewportWidth = 1366;
const mediaListeners = new Set<() => void>();

function matches(query: string): boolean {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (max && viewportWidth > Number(max[1])) return false;
  if (min && viewportWidth < Number(min[1])) return false;
  return true;
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => mediaListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => mediaListeners.delete(listener),
    addListener: (listener: () => void) => mediaListeners.add(listener),
    removeListener: (listener: () => void) => mediaListeners.delete(listener),
    dispatchEvent: () => true,
  }),
});

export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const listener of mediaListeners) listener();
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1366);
  vi.useRealTimers();
});

// jsdom's Blob has no arrayBuffer() (every browser GOC supports has it): read it the older way.
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
      reader.readAsArrayBuffer(this);
    });
  };
}
