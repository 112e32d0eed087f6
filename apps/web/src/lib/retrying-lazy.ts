import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A lazy component whose failed download is forgotten: React.lazy keeps a rejected import for good,
 * so the next render that needs the component (coming back to a page, opening a dialog again) asks
 * this getter and downloads it anew.
 */
export function retryingLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): () => LazyExoticComponent<ComponentType<P>> {
  let component: LazyExoticComponent<ComponentType<P>> | null = null;
  return () =>
    (component ??= lazy(() =>
      load().catch((error: unknown) => {
        component = null;
        throw error;
      }),
    ));
}
