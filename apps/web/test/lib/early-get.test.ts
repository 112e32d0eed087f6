import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyGet } from '../../src/lib/api/early-get';

function stubFetch(response: { ok: boolean; body?: unknown } | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return { ok: response.ok, json: async () => response.body } as Response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('early GET from a route prefetch (lib/api/early-get)', () => {
  it('sends the bearer to /api/v2 at once and answers the body', async () => {
    localStorage.setItem('token', 't-1');
    const fetch = stubFetch({ ok: true, body: { a: 1 } });
    const answer = earlyGet('/dashboard');
    expect(fetch).toHaveBeenCalledWith('/api/v2/dashboard', expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer t-1' }) }));
    await expect(answer).resolves.toEqual({ a: 1 });
  });

  it('sends nothing without a session', async () => {
    const fetch = stubFetch({ ok: true, body: {} });
    await expect(earlyGet('/dashboard')).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an error answer (an expired token) or a failed request is left to the HTTP client, which refreshes the session', async () => {
    localStorage.setItem('token', 't-1');
    stubFetch({ ok: false });
    await expect(earlyGet('/dashboard')).resolves.toBeUndefined();
    stubFetch(new TypeError('Failed to fetch'));
    await expect(earlyGet('/dashboard')).resolves.toBeUndefined();
  });
});
