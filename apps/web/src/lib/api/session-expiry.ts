import { wipeStorage } from '../session/session-store';

/**
 * Where the user goes when the session is over. The app registers the router's navigation
 * (no full reload); tests register a spy. Until then a plain browser navigation does the job.
 */
type LoginRedirect = () => void;

const browserRedirect: LoginRedirect = () => window.location.assign('/login');
let redirectToLogin: LoginRedirect = browserRedirect;

/** Registers the callback that takes the user to /login; returns a function restoring the previous one. */
export function setLoginRedirect(redirect: LoginRedirect): () => void {
  const previous = redirectToLogin;
  redirectToLogin = redirect;
  return () => {
    redirectToLogin = previous;
  };
}

/** SPEC §4 / §8: all local and session storage is cleared and the user goes to /login. */
export function expireSession(): void {
  wipeStorage();
  redirectToLogin();
}
