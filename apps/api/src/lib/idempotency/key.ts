import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@goc/contracts';

const BARE = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
/** The draft's form: a Structured Field string, `"…"` with `\"` and `\\` escapes. */
const QUOTED = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])+)"$/;

/**
 * The key of an `Idempotency-Key` value, or null when it is not 1–255 visible ASCII characters.
 * Both the IETF draft's quoted string (`"8e03…"`) and the bare form most clients send are taken;
 * they name the same key.
 */
export function parseIdempotencyKey(value: string): string | null {
  if (value.startsWith('"')) {
    const quoted = QUOTED.exec(value);
    const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : '';
    return key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH ? key : null;
  }
  return BARE.test(value) ? value : null;
}

/** Whose key it is: a person's keys are theirs on every device; an API key's are its own. */
export function callerOf(user: { id: number; apiKeyId?: number }): string {
  return user.apiKeyId === undefined ? `usuario:${user.id}` : `clave:${user.apiKeyId}`;
}

/** The row's primary key: one key means one thing per caller, method and path. */
export function scopeOf(caller: string, method: string, path: string, key: string): string {
  return createHash('sha256').update(JSON.stringify([caller, method, path, key])).digest('hex');
}
