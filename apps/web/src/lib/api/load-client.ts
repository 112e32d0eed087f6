import type { AxiosInstance } from 'axios';

/**
 * The HTTP client (axios with the refresh interceptor, ~14 kB brotli), loaded by the first request
 * that needs it. For the fetchers the shell and Inicio import: on a first visit their GETs leave
 * with fetch (early-get), so the first screen does not wait for axios' download.
 */
export async function loadApi(): Promise<AxiosInstance> {
  return (await import('./client')).api;
}

/** GET `path` through the HTTP client, its body parsed. */
export async function getParsed<T>(path: string, parse: (data: unknown) => T): Promise<T> {
  const api = await loadApi();
  return parse((await api.get(path)).data);
}
