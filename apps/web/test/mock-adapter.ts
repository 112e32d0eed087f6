import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** A reply of the fake server; `network: true` is an unreachable server (no response at all). */
export type MockReply = { status: number; data?: unknown } | { network: true };
export type MockHandler = (request: RecordedRequest) => MockReply | Promise<MockReply>;

export interface RecordedRequest {
  method: string;
  /** Path under the API base, e.g. '/auth/me'. */
  url: string;
  authorization: string | null;
  /** The Idempotency-Key header, when the request carries one. */
  idempotencyKey: string | null;
  body: unknown;
  /** Query parameters given apart from the URL (axios `params`). */
  params: unknown;
}

/**
 * An axios adapter standing in for the network: handlers keyed 'METHOD /path'; unknown routes
 * answer 404. It settles like axios' own adapters: a status outside validateStatus rejects.
 */
export function mockAdapter(routes: Record<string, MockHandler | MockReply>) {
  const requests: RecordedRequest[] = [];

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const authorization = headers.get('Authorization');
    const idempotencyKey = headers.get('Idempotency-Key');
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      authorization: typeof authorization === 'string' ? authorization : null,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
      body: typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : config.data,
      params: config.params,
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.url}`];
    const reply: MockReply = route === undefined ? { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'No se encontró el recurso solicitado' } } : typeof route === 'function' ? await route(request) : route;
    // Let concurrent requests interleave the way real responses do.
    await Promise.resolve();
    if ('network' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: String(reply.status), headers: {}, config };
    if (config.validateStatus && !config.validateStatus(reply.status)) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    }
    return response;
  };

  return {
    adapter,
    requests,
    /** Requests to one 'METHOD /path'. */
    to: (key: string) => requests.filter((r) => `${r.method} ${r.url}` === key),
  };
}
