import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { IDLE_MINUTES_CLAIM } from '@goc/contracts';
import type { AuthSettings } from '../config';
import { UnauthorizedError } from './errors';

/** What an access token says: who, and which login (refresh-token family) it belongs to. */
export interface AccessClaims {
  userId: number;
  familyId: string;
}

export interface AccessTokenService {
  sign(claims: AccessClaims): Promise<string>;
  /** Verifies signature (HS256 only), issuer, audience and expiry. Throws UnauthorizedError. */
  verify(token: string): Promise<AccessClaims>;
  /**
   * For POST /auth/refresh: the old bearer must be genuine (signature, issuer, audience) but may
   * have expired — that is why the client refreshes.
   */
  verifyIgnoringExpiry(token: string): Promise<AccessClaims>;
}

const ALGORITHM = 'HS256';

export function createAccessTokenService(settings: AuthSettings, secret: string): AccessTokenService {
  // Imported once: given the secret's bytes, jose imports them into WebCrypto on every sign and verify.
  const key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verifyOptions = {
    algorithms: [ALGORITHM],
    issuer: settings.issuer,
    audience: settings.audience,
    requiredClaims: ['sub', 'exp', 'iat'],
  };

  const toClaims = (payload: Record<string, unknown>): AccessClaims => {
    const userId = Number(payload.sub);
    const familyId = payload.sid;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof familyId !== 'string' || familyId === '') {
      throw new UnauthorizedError();
    }
    return { userId, familyId };
  };

  return {
    async sign({ userId, familyId }) {
      // The inactivity limit travels with the session it governs: every tab of the SPA reads it from the token it holds.
      return new SignJWT({ sid: familyId, [IDLE_MINUTES_CLAIM]: settings.idleMinutes })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + settings.accessTokenTtlSeconds)
        .sign(await key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, verifyOptions);
        return toClaims(payload);
      } catch (error) {
        if (error instanceof UnauthorizedError) throw error;
        throw new UnauthorizedError();
      }
    },
    async verifyIgnoringExpiry(token) {
      try {
        const { payload } = await jwtVerify(token, await key, verifyOptions);
        return toClaims(payload);
      } catch (error) {
        // jose checks signature, algorithm, issuer and audience before expiry, so an expired token's payload is trustworthy.
        if (error instanceof errors.JWTExpired) return toClaims(error.payload);
        if (error instanceof UnauthorizedError) throw error;
        throw new UnauthorizedError();
      }
    },
  };
}

/** Refresh tokens are 32 random bytes; only their SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
