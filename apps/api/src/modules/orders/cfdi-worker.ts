import { refusal, type ParserResult } from '../../lib/parser-pool';
import { parseCfdi, type Cfdi } from './cfdi';

/* The parser worker's task for supplier invoices (lib/parser-pool.ts): a CFDI's figures, or its refusal. */
export default function parseInWorker(bytes: Uint8Array): ParserResult<Cfdi> {
  try {
    return { ok: true, value: parseCfdi(bytes) };
  } catch (error) {
    return refusal(error);
  }
}
