/**
 * Runs `run` when the browser is next idle (at the latest after `timeout` ms, when given). Safari has
 * no requestIdleCallback: there it runs after `fallbackMs`. Returns what cancels it.
 */
export function whenIdle(run: () => void, { timeout, fallbackMs }: { timeout?: number; fallbackMs: number }): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, timeout === undefined ? undefined : { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(id);
}
