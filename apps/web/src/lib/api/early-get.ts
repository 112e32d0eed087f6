import { getToken } from '../session/session-store';
import { API_BASE_URL, bearer } from './request-basics';

/** An early answer is for the fetch that follows its loader, not for one much later. */
const EARLY_ANSWER_MAX_AGE_MS = 15_000;

interface EarlyGet {
  token: string;
  sentAt: number;
  answer: Promise<unknown>;
}

const sent = new Map<string, EarlyGet>();

/**
 * Sends GET `path` with fetch() at once, from a route's loader, before the HTTP client (axios, in the
 * shell's chunk) and the page's schemas have loaded: on a phone's first visit the request then
 * travels while those chunks download. The page's fetcher takes the answer with `takeEarly`.
 */
export function sendEarly(path: string): void {
  const token = getToken();
  if (token === null) return;
  const answer = fetch(`${API_BASE_URL}${path}`, { headers: { Accept: 'application/json', Authorization: bearer(token) }, credentials: 'same-origin' }).then(
    (response) => (response.ok ? response.json() : undefined),
    () => undefined,
  );
  sent.set(path, { token, sentAt: Date.now(), answer });
}

/**
 * The body of the early GET `path`, once, if it was sent for the current session moments ago and
 * succeeded; otherwise undefined and the fetcher asks through the HTTP client (which refreshes an
 * expired session, SPEC §4).
 */
export async function takeEarly(path: string): Promise<unknown> {
  const early = sent.get(path);
  if (!early) return undefined;
  sent.delete(path);
  if (early.token !== getToken() || Date.now() - early.sentAt > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  return early.answer;
}
