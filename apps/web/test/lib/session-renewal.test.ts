import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/lib/api/client';
import { markActivity, watchActivity } from '../../src/lib/session/activity';
import { draftToReopen, registerOpenForm, settleDrafts, takeDraft } from '../../src/lib/session/draft-keeper';
import { startSessionKeeper } from '../../src/lib/session/session-keeper';
import { renewTokens } from '../../src/lib/session/session-renewal';
import { safeNextPath } from '../../src/lib/session/session-end';
import { ADMIN_USER } from '../fixtures';
import { mockAdapter } from '../mock-adapter';
import { jwt, MINUTE } from '../session-tokens';

// docs/spec.md "Session renewal" (an addition to SPEC §4).

/** Each test starts on a day of its own: a renewal of one test never counts as recent in the next. */
let day = 0;

function setup({ keepSession = false, idleMinutes = 60 } = {}) {
  const start = Date.UTC(2026, 0, 5 + day++, 15, 0);
  vi.useFakeTimers({ now: start });
  let issued = 0;
  const server = mockAdapter({
    'POST /auth/refresh': () => ({ status: 200, data: { token: jwt({ expiresAt: Date.now() + 15 * MINUTE, idleMinutes, n: ++issued }), refreshToken: `refresh-${issued + 1}` } }),
  });
  const client = createApiClient();
  client.defaults.adapter = server.adapter;
  localStorage.setItem('token', jwt({ expiresAt: start + 15 * MINUTE, idleMinutes }));
  localStorage.setItem('refresh_token', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(ADMIN_USER));
  if (keepSession) localStorage.setItem('keep_session', 'true');
  markActivity(start);
  const endForInactivity = vi.fn();
  const keeper = startSessionKeeper({ renew: () => renewTokens(client).then(() => undefined), endForInactivity });
  const stopWatching = watchActivity(document);
  const refreshes = () => server.requests.filter((r) => r.url === '/auth/refresh');
  return { start, keeper, endForInactivity, refreshes, stop: () => (stopWatching(), keeper.stop()) };
}

/** The person types a key every minute for `minutes` minutes. */
async function workFor(minutes: number) {
  for (let i = 0; i < minutes; i++) {
    await vi.advanceTimersByTimeAsync(MINUTE);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
  }
}

let stop: (() => void) | null = null;
afterEach(async () => {
  stop?.();
  stop = null;
  // A renewal still in flight settles before the next test.
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(20_000);
});

describe('renewal while the person works', () => {
  it('renews the 15-minute token 2 minutes before it expires, again and again, with the rotated pair', async () => {
    const session = setup();
    stop = session.stop;
    await workFor(12);
    expect(session.refreshes()).toHaveLength(0);
    await workFor(1);
    // (Without the Web Locks API in jsdom, the lease takes 50 ms.)
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.refreshes()).toHaveLength(1);
    expect(session.refreshes()[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    // A working day's morning: 3 hours of typing, never a 401, never an end.
    await workFor(180);
    expect(session.refreshes().length).toBeGreaterThanOrEqual(13);
    expect(session.refreshes().map((r) => (r.body as { refreshToken: string }).refreshToken)).toEqual(session.refreshes().map((_, i) => `refresh-${i + 1}`));
    expect(session.endForInactivity).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('with keep_session too; without activity for the inactivity limit the token is no longer renewed', async () => {
    const session = setup({ keepSession: true });
    stop = session.stop;
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    const withinLimit = session.refreshes().length;
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    expect(session.refreshes()).toHaveLength(withinLimit);
    // keep_session has no inactivity end: SPEC §4's 401 refresh takes over when the person returns.
    expect(session.endForInactivity).not.toHaveBeenCalled();
    // Activity again: the expired token is renewed at once.
    document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.refreshes()).toHaveLength(withinLimit + 1);
  });

  it('a background request never counts as activity', async () => {
    const session = setup();
    stop = session.stop;
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    // Polls and refetches go through the HTTP client and leave no mark.
    await workFor(0);
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(session.endForInactivity).toHaveBeenCalledTimes(1);
  });
});

describe('the inactivity end (GOC_IDLE_MINUTES, in the token)', () => {
  it('warns 2 minutes before and ends after the limit without activity', async () => {
    const session = setup({ idleMinutes: 20 });
    stop = session.stop;
    await vi.advanceTimersByTimeAsync(18 * MINUTE - 1000);
    expect(session.keeper.warningUntil()).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.keeper.warningUntil()).toBe(session.start + 20 * MINUTE);
    expect(session.endForInactivity).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(session.endForInactivity).toHaveBeenCalledTimes(1);
  });

  it('activity during the warning takes it away and moves the end', async () => {
    const session = setup({ idleMinutes: 20 });
    stop = session.stop;
    await vi.advanceTimersByTimeAsync(19 * MINUTE);
    expect(session.keeper.warningUntil()).not.toBeNull();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(session.keeper.warningUntil()).toBeNull();
    await vi.advanceTimersByTimeAsync(19 * MINUTE);
    expect(session.endForInactivity).not.toHaveBeenCalled();
  });

  it('another tab\'s activity counts (localStorage)', async () => {
    const session = setup({ idleMinutes: 20 });
    stop = session.stop;
    await vi.advanceTimersByTimeAsync(19 * MINUTE);
    localStorage.setItem('goc.session.lastActivity', String(Date.now()));
    window.dispatchEvent(new StorageEvent('storage', { key: 'goc.session.lastActivity' }));
    expect(session.keeper.warningUntil()).toBeNull();
  });
});

describe('one refresh at a time, across tabs', () => {
  it('a tab that waited for another tab\'s refresh uses the new pair instead of spending the rotated token', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 5, 1) });
    const server = mockAdapter({ 'POST /auth/refresh': { status: 200, data: { token: 'mine', refreshToken: 'refresh-mine' } } });
    const client = createApiClient();
    client.defaults.adapter = server.adapter;
    localStorage.setItem('token', 'old');
    localStorage.setItem('refresh_token', 'refresh-1');
    // The lock is held by another tab that renews meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue: (() => Promise<unknown>)[] = [];
    const locks = {
      request: (_name: string, work: () => Promise<unknown>) => {
        const run = () => work();
        if (queue.length === 0) {
          queue.push(run);
          return held.then(run);
        }
        return run();
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    const renewal = renewTokens(client);
    localStorage.setItem('token', 'from-the-other-tab');
    localStorage.setItem('refresh_token', 'refresh-2');
    release();
    await expect(renewal).resolves.toBe('from-the-other-tab');
    expect(server.requests).toHaveLength(0);
    vi.unstubAllGlobals();
  });

  it('without the Web Locks API a lease in localStorage serialises the refresh', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 5, 2) });
    const server = mockAdapter({ 'POST /auth/refresh': { status: 200, data: { token: 'new', refreshToken: 'refresh-2' } } });
    const client = createApiClient();
    client.defaults.adapter = server.adapter;
    localStorage.setItem('token', 'old');
    localStorage.setItem('refresh_token', 'refresh-1');
    // Another tab holds a fresh lease.
    localStorage.setItem('goc.session.refreshLease', JSON.stringify({ owner: 'other-tab', until: Date.now() + 10_000 }));
    const renewal = renewTokens(client);
    await vi.advanceTimersByTimeAsync(500);
    expect(server.requests).toHaveLength(0);
    // The other tab finishes: its pair is stored and its lease gone.
    localStorage.setItem('token', 'theirs');
    localStorage.setItem('refresh_token', 'refresh-theirs');
    localStorage.removeItem('goc.session.refreshLease');
    await vi.advanceTimersByTimeAsync(500);
    await expect(renewal).resolves.toBe('theirs');
    expect(server.requests).toHaveLength(0);
    expect(localStorage.getItem('goc.session.refreshLease')).toBeNull();
  });
});

describe('/login?next= (same-origin paths only)', () => {
  it('keeps a page of the app with its query', () => {
    expect(safeNextPath('/pedidos/historico?page=2&sort=-folio')).toBe('/pedidos/historico?page=2&sort=-folio');
    expect(safeNextPath('/catalogos/empleados')).toBe('/catalogos/empleados');
  });

  it.each(['//evil.example', '//evil.example/pedidos', 'https://evil.example', 'http://127.0.0.1/pedidos', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', '/\t/evil.example', ' /pedidos', 'pedidos', '', null, '/login', '/login?next=/pedidos'])(
    'refuses %j and opens Inicio',
    (raw) => {
      expect(safeNextPath(raw)).toBe('/');
    },
  );
});

describe('the draft keeper', () => {
  const user = (id: number) => localStorage.setItem('user', JSON.stringify({ ...ADMIN_USER, id }));

  it('keeps what a form held when the session ended, for the same person only, once', () => {
    localStorage.setItem('token', 't');
    user(1);
    const close = registerOpenForm({ owner: 'units', id: 'new', path: '/catalogos/unidades', context: null, unsaved: () => ({ name: 'Metro cúbico' }) });
    localStorage.clear();
    close();
    settleDrafts(1);
    expect(draftToReopen('units', '/catalogos/unidades')).toMatchObject({ id: 'new', values: { name: 'Metro cúbico' } });
    expect(draftToReopen('units', '/catalogos/pedidos')).toBeUndefined();
    expect(takeDraft('units', 'new', '/catalogos/unidades')?.values).toEqual({ name: 'Metro cúbico' });
    expect(takeDraft('units', 'new', '/catalogos/unidades')).toBeUndefined();
    expect(draftToReopen('units', '/catalogos/unidades')).toBeUndefined();
  });

  it('drops the drafts when someone else signs in, and keeps nothing of a form closed in a live session', () => {
    localStorage.setItem('token', 't');
    user(1);
    registerOpenForm({ owner: 'units', id: 'new', path: '/catalogos/unidades', context: null, unsaved: () => ({ name: 'Kilo' }) })();
    const close = registerOpenForm({ owner: 'units', id: '7', path: '/catalogos/unidades', context: null, unsaved: () => ({ name: 'Tonelada' }) });
    localStorage.clear();
    close();
    settleDrafts(2);
    expect(takeDraft('units', '7', '/catalogos/unidades')).toBeUndefined();
    expect(takeDraft('units', 'new', '/catalogos/unidades')).toBeUndefined();
  });
});

beforeEach(() => {
  document.cookie = 'goc_browser_session=; Max-Age=0; Path=/';
});
