import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MESSAGES } from '@goc/contracts';
import { clearSession, isKeepSession, startSession, storeTokens, useHasToken, wipeStorage } from '../../src/lib/session/session-store';
import { getStoredUser, useSessionUser } from '../../src/lib/session/session-user';
import { ADMIN_USER, permissionsFor } from '../fixtures';

const login = { token: 't-1', refreshToken: 'r-1', user: ADMIN_USER };

describe('session store (SPEC §3 / §4 storage keys)', () => {
  it('login stores token, refresh_token, user (JSON) and keep_session = "true" when asked', () => {
    startSession(login, true);
    expect(localStorage.getItem('token')).toBe('t-1');
    expect(localStorage.getItem('refresh_token')).toBe('r-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(ADMIN_USER);
    expect(localStorage.getItem('keep_session')).toBe('true');
    expect(isKeepSession()).toBe(true);
  });

  it('a login without "Mantener sesión iniciada" leaves keep_session anything but "true"', () => {
    localStorage.setItem('keep_session', 'true');
    startSession(login, false);
    expect(localStorage.getItem('keep_session')).not.toBe('true');
    expect(isKeepSession()).toBe(false);
  });

  it('refresh replaces both tokens', () => {
    startSession(login, true);
    storeTokens({ token: 't-2', refreshToken: 'r-2' });
    expect([localStorage.getItem('token'), localStorage.getItem('refresh_token')]).toEqual(['t-2', 'r-2']);
  });

  it('logout clears token, refresh_token, user, keep_session and permissions, nothing else', () => {
    startSession(login, true);
    localStorage.setItem('permissions', JSON.stringify(permissionsFor(['works'])));
    localStorage.setItem('unrelated', 'stays');
    sessionStorage.setItem('goc.sidebar.collapsed', 'true');
    clearSession();
    for (const key of ['token', 'refresh_token', 'user', 'keep_session', 'permissions']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('stays');
    expect(sessionStorage.getItem('goc.sidebar.collapsed')).toBe('true');
  });

  it('an expired session wipes all local and session storage', () => {
    startSession(login, true);
    sessionStorage.setItem('goc.sidebar.collapsed', 'true');
    wipeStorage();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('a stored user that is not valid JSON or not a user reads as no user', () => {
    localStorage.setItem('user', '{broken');
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('user', JSON.stringify({ name: 'x' }));
    expect(getStoredUser()).toBeNull();
  });

  it('hooks follow login, logout and changes made in another tab', () => {
    const token = renderHook(() => useHasToken());
    const user = renderHook(() => useSessionUser());
    expect(token.result.current).toBe(false);
    act(() => startSession(login, false));
    expect(token.result.current).toBe(true);
    expect(user.result.current?.username).toBe('admin');
    act(() => {
      localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(token.result.current).toBe(false);
  });

  it("keeps the contracts' message for a missing refresh token", () => {
    expect(MESSAGES.noRefreshToken).toBe('No refresh token found');
  });
});
