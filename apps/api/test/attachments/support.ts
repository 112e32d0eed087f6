import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { bearer } from '../helpers/app';

/* Files and multipart bodies for the attachments tests. */

export const ATTACHMENTS = '/api/v2/attachments';

export interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----goc${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName === undefined ? `form-data; name="${part.name}"` : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(
  app: FastifyInstance,
  token: string,
  target: { resource: string; recordId: number },
  file: { name: string; data: Buffer; type?: string },
  description?: string,
): Promise<LightMyRequestResponse> {
  const parts: Part[] = [];
  if (description !== undefined) parts.push({ name: 'description', value: description });
  parts.push({ name: 'file', value: file.data, fileName: file.name, type: file.type ?? 'application/octet-stream' });
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `${ATTACHMENTS}?resource=${target.resource}&recordId=${target.recordId}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** A real JPEG photo of the given size, its bytes varied by `seed`. */
export async function photo(width = 1200, height = 900, seed = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: (seed * 11) % 256 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A small valid PDF, padded with a comment to `size` bytes. */
export function pdf(size = 2_000, marker = 'GOC'): Buffer {
  const head = Buffer.from(`%PDF-1.4\n%${marker}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n`);
  const tail = Buffer.from('\n%%EOF\n');
  const padding = Buffer.alloc(Math.max(size - head.length - tail.length, 0), 0x25);
  return Buffer.concat([head, padding, tail]);
}

/** The start of a Windows executable (MZ header, PE signature). */
export function exe(): Buffer {
  const buffer = Buffer.alloc(4096);
  buffer.write('MZ', 0, 'latin1');
  buffer.writeUInt32LE(0x80, 0x3c);
  buffer.write('PE\0\0', 0x80, 'latin1');
  return buffer;
}

/** An HEIC file's start (ftyp box, brand heic): a type GOC keeps, which sharp's build cannot decode. */
export function heic(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, randomBytes(2048)]);
}
