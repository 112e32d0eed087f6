import { getToken } from '../session/session-store';
import { getParsed } from './load-client';
import { API_BASE_URL, bearer } from './request-basics';

/**
 * GET `path` with fetch() at once, from a route's prefetch, before the HTTP client (axios, in the
 * shell's chunk) and the page's schemas have loaded: on a phone's first visit the request travels
 * while those chunks download. The answer's body when it succeeded; undefined without a session or on
 * any error, and the caller asks through the HTTP client instead (which refreshes an expired
 * session, SPEC §4).
 */
export async function earlyGet(path: string): Promise<unknown> {
  const token = getToken();
  if (token === null) return undefined;
  try {
    const response = await fetch(`${API_BASE_URL}${path}`, { headers: { Accept: 'application/json', Authorization: bearer(token) }, credentials: 'same-origin' });
    return response.ok ? ((await response.json()) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A query function that sends GET `path` at once with earlyGet and parses its answer with the parser
 * `loadParse` brings in meanwhile (a chunk with the schemas); without an answer it asks again through
 * the HTTP client.
 */
export function earlyQueryFn<T>(path: string, loadParse: () => Promise<(data: unknown) => T>): () => Promise<T> {
  return async () => {
    const early = earlyGet(path);
    const parse = await loadParse();
    const answer = await early;
    return answer === undefined ? getParsed(path, parse) : parse(answer);
  };
}
