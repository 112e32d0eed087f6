import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PATTERN } from '@goc/contracts';

/*
 * API keys (docs/integrations.md): `goc_` + 32 random bytes in base64url. Only the SHA-256 is stored
 * — the key has 256 bits of entropy, so a slow password hash would add nothing but cost to every
 * request — with its first characters to recognise it in the list.
 */

export const API_KEY_PREFIX = 'goc_';
/** Characters of the key kept in clear to tell keys apart (`goc_` and 8 more). */
const SHOWN = API_KEY_PREFIX.length + 8;

export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, SHOWN) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether a bearer is an API key rather than an access token (a JWT never starts with `goc_`). */
export const isApiKey = (bearer: string) => bearer.startsWith(API_KEY_PREFIX);
export const wellFormedApiKey = (bearer: string) => API_KEY_PATTERN.test(bearer);

/** The username of a key's service user: never typed by anyone, unique. */
export const serviceUsername = () => `clave-api-${randomBytes(6).toString('hex')}`;

/** How the audit and timelines name what a key did. */
export const keyActorLabel = (name: string) => `Clave API: ${name}`;

const under = (url: string, base: string) => url === base || url.startsWith(`${base}/`);

/**
 * Where an API key never acts, whatever its role (docs/integrations.md): a key is a machine's
 * credential, so it never touches sign-in and sessions (/auth), never writes users or roles (it could
 * mint a person, or reset the administrator's password and end their sessions), and never reaches
 * keys or webhooks at all (it could mint itself successors or read where events go). Decided on the
 * route's pattern, so a route added under these paths is covered without saying so.
 */
export function keyMayNotReach(method: string, routeUrl: string): boolean {
  const url = routeUrl.replace(/^\/api\/v2(?=\/)/, '');
  if (['/auth', '/api-keys', '/webhooks'].some((base) => under(url, base))) return true;
  return !['GET', 'HEAD', 'OPTIONS'].includes(method) && ['/users', '/roles'].some((base) => under(url, base));
}
