import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { createHolds } from '../../lib/holds';
import { whenIdle } from '../../lib/when-idle';

/** However slow the page's data, the shell's secondary work starts at the latest this long after the shell drew. */
export const SETTLE_CAP_MS = 4000;

/** What a drawn frame may still take to reach the screen once the main thread is idle. */
const SHOWN_MS = 250;

/** Once true for the tab, true for good: navigating between pages does not defer the secondary work again. */
let settled = false;

/** The pages waiting for their chunks (their Suspense fallback is shown). */
const pagesLoading = createHolds();

/** Held by a page's Suspense fallback while it is shown: the page has not drawn yet. */
export function useHoldPageLoading(): void {
  useEffect(() => pagesLoading.hold(), []);
}

/**
 * After the next frame has been drawn and shown, when the browser is idle: a query's data reaches
 * React in a task of its own, and an idle moment may come before that render; the frame reaches the
 * screen a little after the main thread is done with it (on a slow phone an idle moment can come
 * before that too), hence SHOWN_MS more.
 */
function afterNextPaint(run: () => void): () => void {
  let cancel = () => {};
  const later = () => {
    const id = window.setTimeout(run, SHOWN_MS);
    cancel = () => window.clearTimeout(id);
  };
  const frame = window.requestAnimationFrame(() => {
    cancel = whenIdle(later, { timeout: 1000, fallbackMs: 0 });
  });
  return () => {
    window.cancelAnimationFrame(frame);
    cancel();
  };
}

/**
 * False until the first page has its data and has drawn it (no route loading, no page waiting for its
 * chunks, no query fetching, then an idle moment), or SETTLE_CAP_MS have passed. The shell's secondary
 * work (the notifications bell: its chunks, its list, its live stream) waits for it, so that on a
 * first visit it does not compete with the page's own requests and rendering — what a phone's largest
 * paint waits for.
 */
export function usePageSettled(): boolean {
  const queryClient = useQueryClient();
  const pageLoading = pagesLoading.useHeld();
  const loading = useNavigation().state !== 'idle' || pageLoading;
  const [ready, setReady] = useState(settled);

  useEffect(() => {
    if (ready) return;
    const cap = window.setTimeout(() => {
      settled = true;
      setReady(true);
    }, SETTLE_CAP_MS);
    return () => window.clearTimeout(cap);
  }, [ready]);

  useEffect(() => {
    if (ready || loading) return;
    const settle = () => {
      settled = true;
      setReady(true);
    };
    let cancelIdle: (() => void) | null = null;
    const check = () => {
      if (queryClient.isFetching() > 0) {
        cancelIdle?.();
        cancelIdle = null;
      } else {
        cancelIdle ??= afterNextPaint(settle);
      }
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
    return () => {
      unsubscribe();
      cancelIdle?.();
    };
  }, [ready, loading, queryClient]);

  return ready;
}
