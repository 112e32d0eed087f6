/**
 * A session without keep_session belongs to the browser session: the SPEC keeps its tokens in
 * localStorage (SPEC §3), which outlives a browser restart, so a cookie without an expiry — which
 * the browser drops when it closes, and every tab shares — marks the browser session it began in.
 */
const MARK = 'goc_browser_session';

export function markBrowserSession(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${MARK}=1; Path=/; SameSite=Strict${secure}`;
}

export function browserSessionMarked(): boolean {
  return document.cookie.split(';').some((cookie) => cookie.trim() === `${MARK}=1`);
}
