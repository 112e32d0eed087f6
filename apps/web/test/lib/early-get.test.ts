import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendEarly, takeEarly } from '../../src/lib/api/early-get';

function stubFetch(response: { ok: boolean; body?: unknown }) {
  const fetch = vi.fn(async () => ({ ok: response.ok, json: async () => response.body }) as Response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('early GET from a route loader (lib/api/early-get)', () => {
  it('sends the bearer to /api/v2 and hands the answer to the first fetcher only', async () => {
    localStorage.setItem('token', 't-1');
    const fetch = stubFetch({ ok: true, body: { a: 1 } });
    sendEarly('/dashboard');
    expect(fetch).toHaveBeenCalledWith('/api/v2/dashboard', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer t-1' }) }));
    await expect(takeEarly('/dashboard')).resolves.toEqual({ a: 1 });
    await expect(takeEarly('/dashboard')).resolves.toBeUndefined();
  });

  it('sends nothing without a session', async () => {
    const fetch = stubFetch({ ok: true, body: {} });
    sendEarly('/dashboard');
    expect(fetch).not.toHaveBeenCalled();
    await expect(takeEarly('/dashboard')).resolves.toBeUndefined();
  });

  it('an error answer (an expired token) is left to the HTTP client, which refreshes the session', async () => {
    localStorage.setItem('token', 't-1');
    stubFetch({ ok: false });
    sendEarly('/dashboard');
    await expect(takeEarly('/dashboard')).resolves.toBeUndefined();
  });

  it('an answer for another session or sent long before is not used', async () => {
    localStorage.setItem('token', 't-1');
    stubFetch({ ok: true, body: { a: 1 } });
    sendEarly('/dashboard');
    localStorage.setItem('token', 't-2');
    await expect(takeEarly('/dashboard')).resolves.toBeUndefined();

    vi.useFakeTimers();
    sendEarly('/dashboard');
    vi.advanceTimersByTime(60_000);
    await expect(takeEarly('/dashboard')).resolves.toBeUndefined();
  });
});
