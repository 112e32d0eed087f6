import { describe, expect, it } from 'vitest';
import { createFingerprint } from '../../src/lib/idempotency/fingerprint';
import { parseIdempotencyKey } from '../../src/lib/idempotency/key';
import { multipartBody } from '../attachments/support';

/* The request fingerprint and the key's syntax (lib/idempotency), without a database. */

function digest(contentType: string, body: Buffer, chunkSize: number, query = ''): string {
  const fingerprint = createFingerprint(contentType, query);
  for (let at = 0; at < body.length; at += chunkSize) fingerprint.update(body.subarray(at, at + chunkSize));
  return fingerprint.digest();
}

const parts = (file: string) => [
  { name: 'description', value: 'Colado' },
  { name: 'file', value: Buffer.from(file), fileName: 'losa.jpg', type: 'image/jpeg' },
];

describe('request fingerprint', () => {
  it('a multipart body sent again with another boundary matches, however its bytes arrive in chunks', () => {
    const first = multipartBody(parts('los mismos bytes'));
    const second = multipartBody(parts('los mismos bytes'));
    expect(first.headers['content-type']).not.toBe(second.headers['content-type']);
    const expected = digest(first.headers['content-type']!, first.payload, first.payload.length);
    for (const size of [1, 2, 5, 7, 13, 64, 1000]) {
      expect(digest(second.headers['content-type']!, second.payload, size)).toBe(expected);
      expect(digest(first.headers['content-type']!, first.payload, size)).toBe(expected);
    }
  });

  it('one byte of the file, the query or the media type differing is another fingerprint', () => {
    const a = multipartBody(parts('los mismos bytes'));
    const b = multipartBody(parts('los mismos bytez'));
    const type = a.headers['content-type']!;
    const base = digest(type, a.payload, 3);
    expect(digest(b.headers['content-type']!, b.payload, 3)).not.toBe(base);
    expect(digest(type, a.payload, 3, 'resource=orders&recordId=2')).not.toBe(base);
    const json = Buffer.from('{"a":1}');
    expect(digest('application/json', json, 2)).toBe(digest('application/json; charset=utf-8', json, 7));
    expect(digest('application/json', json, 2)).not.toBe(digest('text/plain', json, 2));
  });
});

describe('Idempotency-Key syntax', () => {
  it('1–255 visible ASCII characters, bare or as the draft quotes them', () => {
    expect(parseIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(parseIdempotencyKey('"8e03978e-40d5"')).toBe('8e03978e-40d5');
    expect(parseIdempotencyKey('"con \\"comillas\\""')).toBe('con "comillas"');
    expect(parseIdempotencyKey('k'.repeat(255))).toBe('k'.repeat(255));
    for (const bad of ['', 'k'.repeat(256), `"${'k'.repeat(256)}"`, 'dos palabras', 'ñandú', '""', '"sin cerrar', 'tab\t']) {
      expect(parseIdempotencyKey(bad), bad).toBeNull();
    }
  });
});
