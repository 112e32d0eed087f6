import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** One call as the fake server saw it; `params` are the query-string parameters axios was given. */
export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  body: unknown;
}

export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> };
export type FakeRoute = (request: FakeRequest, match: RegExpExecArray) => FakeReply | undefined;

const notFound: FakeReply = { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'No se encontró el recurso solicitado' } };

/**
 * An axios adapter answering 'METHOD /path' patterns (a RegExp on the path, so ids and query params
 * can vary) and recording every call with its parameters. Unknown routes answer 404.
 */
export function fakeApi(routes: Record<string, FakeRoute | FakeReply>) {
  const requests: FakeRequest[] = [];
  const table = Object.entries(routes).map(([key, route]) => {
    const space = key.indexOf(' ');
    return { method: key.slice(0, space), pattern: new RegExp(`^${key.slice(space + 1)}$`), route };
  });

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const params = Object.fromEntries(Object.entries((config.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      params,
      body: typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    let reply: FakeReply | undefined;
    for (const { method, pattern, route } of table) {
      const match = method === request.method ? pattern.exec(request.path) : null;
      if (!match) continue;
      reply = typeof route === 'function' ? route(request, match) : route;
      if (reply) break;
    }
    reply ??= notFound;
    await Promise.resolve();
    const data = config.responseType === 'blob' && reply.status < 300 ? new Blob([String(reply.data ?? '')]) : reply.data;
    const response: AxiosResponse = { data, status: reply.status, statusText: String(reply.status), headers: AxiosHeaders.from(reply.headers ?? {}), config };
    if (config.validateStatus && !config.validateStatus(reply.status)) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    }
    return response;
  };

  return {
    adapter,
    requests,
    /** Calls of one method to a path matching `path` (a RegExp source). */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && new RegExp(`^${path}$`).test(r.path)),
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** An API error body. */
export function apiError(statusCode: number, message: string, fields?: Record<string, string>): FakeReply {
  const error = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' }[statusCode] ?? 'Error';
  return { status: statusCode, data: { statusCode, error, message, ...(fields ? { fields } : {}) } };
}
