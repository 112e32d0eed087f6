import { refusal, type ParserResult } from '../parser-pool';
import { readSheet, type ReadLimits, type Sheet } from './read';

/* The parser worker's task for imports (lib/parser-pool.ts): one file's first sheet, or its refusal. */
export default async function readInWorker({ bytes, limits }: { bytes: Uint8Array; limits: ReadLimits }): Promise<ParserResult<Sheet>> {
  try {
    return { ok: true, value: await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits) };
  } catch (error) {
    return refusal(error);
  }
}
