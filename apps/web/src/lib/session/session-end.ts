import { ROUTES } from '@goc/contracts';

/**
 * How the last session of this tab ended, for the login page: 'logout' (the person left), 'idle'
 * (no activity within GOC_IDLE_MINUTES) or 'expired' (a 401 the session could not survive, or
 * another tab ended it). In memory only: a reload forgets it.
 */
export type SessionEndReason = 'logout' | 'idle' | 'expired';

let lastEnd: SessionEndReason | null = null;

export function noteSessionEnd(reason: SessionEndReason): void {
  lastEnd = reason;
}

export function sessionEndReason(): SessionEndReason | null {
  return lastEnd;
}

/** A new session began: the notice of the previous end is done. */
export function forgetSessionEnd(): void {
  lastEnd = null;
}

const LOGIN = ROUTES.login.path;
const HOME = ROUTES.home.path;
const PROBE_ORIGIN = 'https://goc.invalid';

/**
 * `next` of /login?next= when it names a page of this app: a path on this origin, never
 * another site (`//evil.example`, `/\evil.example`, `https://…`, `javascript:`), never /login
 * itself; anything else gives Inicio.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return HOME;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return HOME;
  }
  // The URL parser drops tabs and newlines, so '/\t/evil.example' is caught here as another origin.
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

interface PathLike {
  pathname: string;
  search?: string;
  hash?: string;
}

/**
 * Where a session that ended on `location` sends the person: /login?next=<that page> so signing in
 * again returns there; plain /login after a logout (the person chose to leave), from Inicio, or
 * when already on /login (its own `next` kept).
 */
export function loginPathFor(location: PathLike): string {
  if (location.pathname === LOGIN) return `${LOGIN}${location.search ?? ''}`;
  const here = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (lastEnd === 'logout' || here === HOME) return LOGIN;
  return `${LOGIN}?next=${encodeURIComponent(here)}`;
}
