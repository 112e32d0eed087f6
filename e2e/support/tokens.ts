import { createHmac } from 'node:crypto';
import { JWT_AUDIENCE, JWT_ISSUER, JWT_SECRET } from './constants';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The claims of a token the API issued (no verification: the test only reads who and which login). */
export function readClaims(token: string): { sub: string; sid: string } {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; sid: string };
}

/**
 * An access token for the same user and login as `token`, signed with the server's key but expired
 * an hour ago: what a browser holds after a long pause. The API answers it with 401 and accepts it
 * as the old bearer of POST /auth/refresh.
 */
export function expiredCopyOf(token: string): string {
  const { sub, sid } = readClaims(token);
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(
    JSON.stringify({ sid, sub, iss: JWT_ISSUER, aud: JWT_AUDIENCE, iat: now - 2 * 3600, exp: now - 3600, jti: `e2e-${now}` }),
  );
  const signature = createHmac('sha256', JWT_SECRET).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}
