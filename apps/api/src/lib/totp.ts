import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '@goc/contracts';

/*
 * TOTP (RFC 6238: 6 digits, 30 s, SHA-1, what every authenticator app reads) with otpauth, and the
 * protection of what it stores (docs/security.md "Two-factor verification"): secrets encrypted with
 * AES-256-GCM and recovery codes hashed with HMAC-SHA-256, both under keys derived from the server's
 * signing secret (GOC_JWT_SECRET), so a copy of the database or of a backup alone reveals neither.
 */

const ISSUER = 'GOC';
const PERIOD = 30;
/** Codes of the step before and after the server's are accepted too: phones' clocks drift. */
const WINDOW = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export interface TotpKeys {
  encrypt(secret: string): string;
  decrypt(stored: string): string;
  hashRecoveryCode(code: string): string;
}

export function createTotpKeys(serverSecret: string): TotpKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'goc-two-factor', info, 32));
  const encryption = derive('totp-secret');
  const recovery = derive('recovery-code');
  return {
    encrypt(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryption, iv);
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, data] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('secreto TOTP con formato desconocido');
      const decipher = createDecipheriv('aes-256-gcm', encryption, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    hashRecoveryCode: (code) => createHmac('sha256', recovery).update(code).digest('hex'),
  };
}

const totp = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new secret (160 bits, RFC 4226's recommendation), base32, and the otpauth:// URL the QR carries. */
export function newTotpSecret(username: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totp(secret, username).toString() };
}

/** The time step a code is valid for (±1 step), or null: what a replay check compares. */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** Ten codes of 10 base-32 characters (50 bits each), shown as `ABCDE-FGHIJ`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => BASE32[randomInt(BASE32.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (spaces, dashes, lower case) → as hashed. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
