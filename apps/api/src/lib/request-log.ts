import type { FastifyRequest } from 'fastify';

/*
 * What the request log says of each request: Fastify's own fields, with the values of query
 * parameters that are credentials hidden. The notification stream's single-use ticket travels in
 * the query string (EventSource cannot send a header), and a log line outlives its 60 s.
 */

const SECRET_QUERY_PARAMS = new Set(['ticket']);
const CENSOR = '[oculto]';

/** The name as the query parser reads it (`tick%65t` is `ticket` to the route too). */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** The URL with the values of secret query parameters replaced; the rest as it came. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const hash = url.indexOf('#', at);
  const query = url.slice(at + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_QUERY_PARAMS.has(decodedName(name)) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, at + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

/** Fastify's default `req` log fields, the URL redacted. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
