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
