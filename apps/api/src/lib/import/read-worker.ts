import { parserTask } from '../parser-pool';
import { readSheet, type ReadLimits } from './read';

/* The parser worker's task for imports (lib/parser-pool.ts): one file's first sheet, or its refusal. */
export default parserTask(({ bytes, limits }: { bytes: Uint8Array; limits: ReadLimits }) =>
  readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits),
);
