/** Resolves once `condition` holds (checked every 10 ms); fails after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`la condición no se cumplió en ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Runs a change made straight in the database (not through the API) and waits until `app` has heard
 * it: from then on its access check knows. Through the API a write answers only once every process
 * heard it; a change made outside has no answer to hold back.
 */
export async function changedOutsideTheApi(app: { accessCache: { changesHeard: number } }, change: () => Promise<unknown>): Promise<void> {
  const before = app.accessCache.changesHeard;
  await change();
  await until(() => app.accessCache.changesHeard > before);
}
