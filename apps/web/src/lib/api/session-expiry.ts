import { loginPathFor, noteSessionEnd, type SessionEndReason } from '../session/session-end';
import { wipeStorage } from '../session/session-store';

/**
 * Where the user goes when the session is over. The app registers the router's navigation
 * (no full reload); tests register a spy. Until then a plain browser navigation does the job.
 */
type LoginRedirect = () => void;

const browserRedirect: LoginRedirect = () => window.location.assign(loginPathFor(window.location));
let redirectToLogin: LoginRedirect = browserRedirect;

/** Registers the callback that takes the user to /login; returns a function restoring the previous one. */
export function setLoginRedirect(redirect: LoginRedirect): () => void {
  const previous = redirectToLogin;
  redirectToLogin = redirect;
  return () => {
    redirectToLogin = previous;
  };
}

/**
 * SPEC §4 / §8: all local and session storage is cleared and the user goes to /login — with
 * `?next=` the page they were on (docs/spec.md "Session renewal"). Also the end of an idle session.
 */
export function expireSession(reason: Exclude<SessionEndReason, 'logout'> = 'expired'): void {
  noteSessionEnd(reason);
  wipeStorage();
  redirectToLogin();
}
