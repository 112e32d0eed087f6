import { describe, expect, it, vi } from 'vitest';
import { AxiosError } from 'axios';
import { createApiClient } from '../../src/lib/api/client';
import { expireSession, setLoginRedirect } from '../../src/lib/api/session-expiry';
import { ADMIN_USER, seedSession } from '../fixtures';
import { mockAdapter, type RecordedRequest } from '../mock-adapter';

const unauthorized = { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.' } };

/** The client as the app builds it, with the session expiry observed by a spy. */
function setup(routes: Parameters<typeof mockAdapter>[0]) {
  const server = mockAdapter(routes);
  const navigateToLogin = vi.fn();
  const restore = setLoginRedirect(navigateToLogin);
  const client = createApiClient(() => {
    expireSession();
  });
  client.defaults.adapter = server.adapter;
  return { client, server, navigateToLogin, restore };
}

/** GET /orders answers 200 to the refreshed token and 401 to anything else. */
const ordersByToken = (request: RecordedRequest) =>
  request.authorization === 'Bearer new-token' ? { status: 200, data: { ok: true, auth: request.authorization } } : unauthorized;

describe('HTTP client configuration (SPEC §7)', () => {
  it('targets /api/v2 with no timeout, 2xx success and the XSRF-TOKEN cookie', () => {
    const client = createApiClient();
    expect(client.defaults.baseURL).toBe('/api/v2');
    expect(client.defaults.timeout).toBe(0);
    expect(client.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    const valid = client.defaults.validateStatus!;
    expect([200, 204, 299].map(valid)).toEqual([true, true, true]);
    expect([199, 300, 304, 401, 500].map(valid)).toEqual([false, false, false, false, false]);
  });

  it('sends the stored token as a bearer, and no Authorization header without one', async () => {
    const { client, server, restore } = setup({ 'GET /auth/me': { status: 200, data: ADMIN_USER } });
    await client.get('/auth/me');
    localStorage.setItem('token', 'abc');
    await client.get('/auth/me');
    expect(server.requests.map((r) => r.authorization)).toEqual([null, 'Bearer abc']);
    restore();
  });
});

describe('401 with keep_session = true (SPEC §4)', () => {
  it('ten parallel 401s make exactly one refresh and all ten are replayed with the new token', async () => {
    seedSession({ keepSession: true });
    const { client, server, navigateToLogin, restore } = setup({
      'GET /orders': ordersByToken,
      'POST /auth/refresh': { status: 200, data: { token: 'new-token', refreshToken: 'refresh-2' } },
    });

    const results = await Promise.all(Array.from({ length: 10 }, () => client.get('/orders')));

    expect(server.to('POST /auth/refresh')).toHaveLength(1);
    const refresh = server.to('POST /auth/refresh')[0]!;
    expect(refresh.body).toEqual({ refreshToken: 'refresh-1' });
    expect(refresh.authorization).toBe('Bearer old-token');
    const orders = server.to('GET /orders');
    expect(orders).toHaveLength(20);
    expect(orders.filter((r) => r.authorization === 'Bearer old-token')).toHaveLength(10);
    expect(orders.filter((r) => r.authorization === 'Bearer new-token')).toHaveLength(10);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(navigateToLogin).not.toHaveBeenCalled();
    restore();
  });

  it('a 401 that arrives after the refresh finished is replayed without a second refresh', async () => {
    seedSession({ keepSession: true });
    const { client, server, restore } = setup({
      'GET /orders': ordersByToken,
      'POST /auth/refresh': { status: 200, data: { token: 'new-token', refreshToken: 'refresh-2' } },
    });
    await client.get('/orders');
    // A request that left with the old token before the refresh, failing afterwards.
    await client.get('/orders', { headers: { Authorization: 'Bearer old-token' } });
    expect(server.to('POST /auth/refresh')).toHaveLength(1);
    restore();
  });

  it('never refreshes twice for the same request: a replay refused again ends the session', async () => {
    seedSession({ keepSession: true });
    const { client, server, navigateToLogin, restore } = setup({
      'GET /orders': unauthorized,
      'POST /auth/refresh': { status: 200, data: { token: 'new-token', refreshToken: 'refresh-2' } },
    });
    await expect(client.get('/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.to('POST /auth/refresh')).toHaveLength(1);
    expect(server.to('GET /orders')).toHaveLength(2);
    expect(localStorage.length).toBe(0);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
    restore();
  });

  it('a failed refresh wipes local and session storage and goes to /login once for the whole batch', async () => {
    seedSession({ keepSession: true });
    sessionStorage.setItem('goc.sidebar.collapsed', 'true');
    const { client, server, navigateToLogin, restore } = setup({
      'GET /orders': ordersByToken,
      'POST /auth/refresh': unauthorized,
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => client.get('/orders')));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(server.to('POST /auth/refresh')).toHaveLength(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
    restore();
  });

  it("without a refresh token rejects with 'No refresh token found' and logs out", async () => {
    seedSession({ keepSession: true });
    localStorage.removeItem('refresh_token');
    const { client, server, navigateToLogin, restore } = setup({ 'GET /orders': unauthorized });
    await expect(client.get('/orders')).rejects.toThrow('No refresh token found');
    expect(server.to('POST /auth/refresh')).toHaveLength(0);
    expect(localStorage.length).toBe(0);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
    restore();
  });
});

describe('401 without keep_session (SPEC §4)', () => {
  it.each([null, 'false', 'TRUE'])('keep_session=%s: wipes all storage and goes to /login without refreshing', async (keep) => {
    seedSession();
    if (keep !== null) localStorage.setItem('keep_session', keep);
    sessionStorage.setItem('goc.sidebar.groups', '{"pedidos":true}');
    const { client, server, navigateToLogin, restore } = setup({ 'GET /orders': unauthorized });
    await expect(client.get('/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.to('POST /auth/refresh')).toHaveLength(0);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
    restore();
  });
});

describe('errors that are not the session’s business (SPEC §8)', () => {
  it('without a stored token a 401 passes through unchanged', async () => {
    localStorage.setItem('user', JSON.stringify(ADMIN_USER));
    const { client, server, navigateToLogin, restore } = setup({ 'GET /orders': unauthorized });
    const error: unknown = await client.get('/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AxiosError);
    expect((error as AxiosError).response?.status).toBe(401);
    expect((error as AxiosError).response?.data).toEqual(unauthorized.data);
    expect(server.requests).toHaveLength(1);
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(navigateToLogin).not.toHaveBeenCalled();
    restore();
  });

  it.each([400, 403, 404, 409, 429, 500])('status %i passes through with the session intact', async (status) => {
    seedSession({ keepSession: true });
    const { client, server, navigateToLogin, restore } = setup({ 'GET /orders': { status, data: { statusCode: status, error: 'x', message: 'y' } } });
    await expect(client.get('/orders')).rejects.toMatchObject({ response: { status } });
    expect(server.requests).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('old-token');
    expect(navigateToLogin).not.toHaveBeenCalled();
    restore();
  });

  it('a 401 on a call marked skipAuthRefresh (login, logout) is left to the caller', async () => {
    seedSession({ keepSession: true });
    const { client, server, navigateToLogin, restore } = setup({ 'POST /auth/login': unauthorized });
    await expect(client.post('/auth/login', {}, { skipAuthRefresh: true })).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.requests).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('old-token');
    expect(navigateToLogin).not.toHaveBeenCalled();
    restore();
  });
});
