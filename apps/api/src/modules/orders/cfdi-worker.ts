import { parserTask } from '../../lib/parser-pool';
import { parseCfdi } from './cfdi';

/* The parser worker's task for supplier invoices (lib/parser-pool.ts): a CFDI's figures, or its refusal. */
export default parserTask((bytes: Uint8Array) => parseCfdi(bytes));
