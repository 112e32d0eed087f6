import { vi } from 'vitest';

/** An unsigned JWT with the claims the SPA reads: what the API signs, for the session renewal's tests. */
export function jwt({ expiresAt, idleMinutes = 60, n = 0 }: { expiresAt: number; idleMinutes?: number; n?: number }): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', sid: 'f', exp: Math.floor(expiresAt / 1000), iat: Math.floor(Date.now() / 1000), idle: idleMinutes, jti: n })}.firma`;
}

export const MINUTE = 60_000;

/** Fake timers (Date included) that still let real time pass, so Testing Library's waits work. */
export function fakeClock(start: number) {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: start });
}
