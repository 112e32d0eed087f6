import { Suspense, useEffect, type ComponentType } from 'react';
import { retryingLazy } from '../lib/retrying-lazy';
import { useLoading } from './loading/use-loading';

/** Below this a download (from the service worker, usually) shows nothing: no overlay flashes. */
const OVERLAY_DELAY_MS = 200;

/** The shell's loading overlay while the code downloads, after a short delay. */
function CodeLoading() {
  const { show, hide } = useLoading();
  useEffect(() => {
    let shown = false;
    const timer = setTimeout(() => {
      shown = true;
      show();
    }, OVERLAY_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (shown) hide();
    };
  }, [show, hide]);
  return null;
}

/** A lazy component, and a way to download its code ahead of the first time it is shown. */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => void };

/**
 * A component whose code is downloaded when it is first shown, not with the page (a dialog, a column's
 * filter editor): a list's first paint on a phone does not wait for its forms, history or documents.
 * A download that failed is tried again the next time it is shown.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  const component = retryingLazy(async () => ({ default: await load() }));
  function LazyComponent(props: P) {
    const Component = component();
    return (
      <Suspense fallback={<CodeLoading />}>
        <Component {...props} />
      </Suspense>
    );
  }
  // A failed download is left for the showing to retry and report.
  LazyComponent.preload = () => void load().catch(() => undefined);
  return LazyComponent;
}
