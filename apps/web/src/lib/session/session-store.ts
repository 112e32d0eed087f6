import { useSyncExternalStore } from 'react';
import type { LoginResponse, RefreshResponse, SessionUser } from '@goc/contracts';
import { resetActivity } from './activity';
import { markBrowserSession } from './browser-session';
import { KEEP_SESSION_ON, STORAGE_KEYS } from './storage-keys';
import { notifyStorageChange, subscribeStorage } from './storage-signal';

/** SPEC §4: "logged in" is decided by the presence of a stored token. */
export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refreshToken);
}

export function isKeepSession(): boolean {
  return localStorage.getItem(STORAGE_KEYS.keepSession) === KEEP_SESSION_ON;
}

/**
 * After a successful login: token, refresh_token, user and — only when asked — keep_session = 'true'.
 * Signing in is activity, and the session is marked as this browser session's (browser-session).
 */
export function startSession(login: LoginResponse, keepSession: boolean): void {
  resetActivity();
  markBrowserSession();
  localStorage.setItem(STORAGE_KEYS.token, login.token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, login.refreshToken);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(login.user));
  if (keepSession) localStorage.setItem(STORAGE_KEYS.keepSession, KEEP_SESSION_ON);
  else localStorage.removeItem(STORAGE_KEYS.keepSession);
  notifyStorageChange();
}

export function storeTokens(tokens: RefreshResponse): void {
  localStorage.setItem(STORAGE_KEYS.token, tokens.token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  notifyStorageChange();
}

export function storeUser(user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  notifyStorageChange();
}

/** Logout (SPEC §4): token, refresh_token, user and keep_session go, and the cached permissions with them. */
export function clearSession(): void {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user, STORAGE_KEYS.keepSession, STORAGE_KEYS.permissions]) {
    localStorage.removeItem(key);
  }
  notifyStorageChange();
}

/** An expired session (SPEC §4, §8): all local and session storage is cleared. */
export function wipeStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  notifyStorageChange();
}

export function useHasToken(): boolean {
  return useSyncExternalStore(subscribeStorage, () => getToken() !== null);
}
