import { createHash, type Hash } from 'node:crypto';

/** What stands for the multipart boundary in the fingerprint. */
const BOUNDARY_TOKEN = Buffer.from('\0boundary\0');

export interface Fingerprint {
  /** Feeds the body's bytes in order, as they arrive. */
  update(chunk: Buffer): void;
  /** The SHA-256 (hex); no update after it. */
  digest(): string;
}

/** The boundary parameter of a multipart Content-Type, if any. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\//i.test(contentType.trim())) return null;
  const match = /;\s*boundary=(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * The fingerprint of a request: SHA-256 over its media type, its query string and its body's
 * bytes as received. A multipart body is the same bytes except for its boundary, which every
 * browser draws at random for each send: each occurrence is hashed as one fixed token, so the
 * outbox sending the same photo again matches while any other byte differing does not. Streaming:
 * nothing of the body is kept but the boundary's length minus one.
 */
export function createFingerprint(contentType: string, query: string): Fingerprint {
  const hash: Hash = createHash('sha256');
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  hash.update(`${media}\n${query}\n`);
  const boundaryText = multipartBoundary(contentType);
  if (boundaryText === null) return { update: (chunk) => void hash.update(chunk), digest: () => hash.digest('hex') };
  const boundary = Buffer.from(boundaryText, 'latin1');
  let pending: Buffer = Buffer.alloc(0);
  return {
    update(chunk) {
      const buffer = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let start = 0;
      for (let at = buffer.indexOf(boundary, start); at !== -1; at = buffer.indexOf(boundary, start)) {
        hash.update(buffer.subarray(start, at));
        hash.update(BOUNDARY_TOKEN);
        start = at + boundary.length;
      }
      // The tail that may be the start of a boundary split across chunks waits for the next one.
      const keep = Math.max(start, buffer.length - (boundary.length - 1));
      hash.update(buffer.subarray(start, keep));
      pending = Buffer.from(buffer.subarray(keep));
    },
    digest() {
      hash.update(pending);
      return hash.digest('hex');
    },
  };
}
