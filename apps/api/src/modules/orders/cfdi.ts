import { TextDecoder } from 'node:util';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { CFDI_LIMITS, CFDI_TOTAL_TOLERANCE, fromUnits, INVOICE_MESSAGES, MONEY_DECIMALS, toUnits } from '@goc/contracts';
import { AppError } from '../../lib/errors';
import { runParser, workerFile } from '../../lib/parser-pool';

/*
 * A supplier's CFDI 4.0 read with a strict, namespace-aware XML parser (saxes). Supplier files are
 * untrusted: a DOCTYPE (and with it any entity declaration, internal or external) is refused before
 * anything is read past it, and saxes itself never loads or expands a declared entity — only the five
 * predefined ones and character references exist for it. The seal and the SAT certificate are not
 * verified (no network): docs/orders.md says so. What reading may cost is bounded (CFDI_LIMITS: depth,
 * element count, and a time budget in the parser worker that runs it).
 */

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';
/** Local taxes (state and municipal), which the SAT counts in Total too. */
export const IMPLOCAL_NAMESPACE = 'http://www.sat.gob.mx/implocal';

/** What an invoice says, with amounts as 2-decimal text. */
export interface Cfdi {
  uuid: string;
  series: string | null;
  folio: string | null;
  issuedAt: string;
  type: string;
  issuerRfc: string;
  issuerName: string | null;
  receiverRfc: string;
  subtotal: string;
  discount: string;
  taxes: string;
  total: string;
  currency: string;
  exchangeRate: string | null;
  /** subtotal − discount in MXN (× TipoCambio for another currency), what is matched with the received amount. */
  amountMxn: string;
}

/** A CFDI that is not acceptable, with the Spanish reason (422 unless a bound says otherwise). */
export class CfdiRefusal extends AppError {
  constructor(message: string, statusCode = 422) {
    super(statusCode, message);
  }
}

const RATE_DECIMALS = 6;

/** A CFDI amount (up to 6 decimals in the SAT's schema) as cents, rounding half up. */
function amountText(value: string, attribute: string): string {
  if (!/^\d{1,15}(\.\d{1,6})?$/.test(value)) throw new CfdiRefusal(INVOICE_MESSAGES.badAmount(attribute));
  const micro = toUnits(value, RATE_DECIMALS);
  return fromUnits((micro + 5_000n) / 10_000n, MONEY_DECIMALS);
}

type Attributes = Record<string, string>;

/** The unprefixed attributes of an element (the CFDI's own attributes carry no namespace). */
function plainAttributes(tag: SaxesTagNS): Attributes {
  const out: Attributes = {};
  for (const attribute of Object.values(tag.attributes)) if (attribute.uri === '') out[attribute.local] = attribute.value;
  return out;
}

interface Found {
  root?: Attributes;
  issuer?: Attributes;
  receiver?: Attributes;
  taxes?: Attributes;
  stamp?: Attributes;
  localTaxes?: Attributes;
}

/** The elements the invoice is read from, by position: Comprobante's own Emisor, Receptor, Impuestos and Complemento/TimbreFiscalDigital. */
function collect(xml: string): Found {
  const found: Found = {};
  const path: string[] = [];
  let elements = 0;
  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.on('doctype', () => {
    throw new CfdiRefusal(INVOICE_MESSAGES.doctype);
  });
  // Before the tag's namespaces are resolved (a walk up the open elements): nesting is what makes that costly.
  parser.on('opentagstart', () => {
    if (path.length >= CFDI_LIMITS.maxDepth) throw new CfdiRefusal(INVOICE_MESSAGES.tooDeep, 400);
    elements += 1;
    if (elements > CFDI_LIMITS.maxElements) throw new CfdiRefusal(INVOICE_MESSAGES.tooManyElements, 413);
  });
  parser.on('opentag', (tag) => {
    const name = `${tag.uri}|${tag.local}`;
    const depth = path.length;
    if (depth === 0 && name !== `${CFDI_NAMESPACE}|Comprobante`) throw new CfdiRefusal(INVOICE_MESSAGES.notCfdi4);
    if (depth === 0) found.root = plainAttributes(tag);
    else if (depth === 1 && name === `${CFDI_NAMESPACE}|Emisor`) found.issuer = plainAttributes(tag);
    else if (depth === 1 && name === `${CFDI_NAMESPACE}|Receptor`) found.receiver = plainAttributes(tag);
    else if (depth === 1 && name === `${CFDI_NAMESPACE}|Impuestos`) found.taxes = plainAttributes(tag);
    else if (depth === 2 && path[1] === `${CFDI_NAMESPACE}|Complemento` && name === `${TFD_NAMESPACE}|TimbreFiscalDigital`) found.stamp = plainAttributes(tag);
    else if (depth === 2 && path[1] === `${CFDI_NAMESPACE}|Complemento` && name === `${IMPLOCAL_NAMESPACE}|ImpuestosLocales`) found.localTaxes = plainAttributes(tag);
    path.push(name);
  });
  parser.on('closetag', () => {
    path.pop();
  });
  try {
    // A byte-order mark is common in CFDI files and is not part of the document.
    parser.write(xml.replace(/^\uFEFF/, '')).close();
  } catch (error) {
    if (error instanceof CfdiRefusal) throw error;
    throw new CfdiRefusal(INVOICE_MESSAGES.notXml(error instanceof Error ? error.message : String(error)));
  }
  return found;
}

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

function required(attributes: Attributes | undefined, node: string, name: string): string {
  const value = attributes?.[name]?.trim();
  if (!value) throw new CfdiRefusal(INVOICE_MESSAGES.missingAttribute(node, name));
  return value;
}

const optional = (attributes: Attributes | undefined, name: string) => {
  const value = attributes?.[name]?.trim();
  return value ? value : null;
};

/**
 * The XML's text: decoded by the encoding its declaration (or byte-order mark) names, UTF-8 when it
 * names none — for reading only; the bytes are stored as they came.
 */
export function decodeCfdi(bytes: Uint8Array): string {
  let label = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else {
    const declaration = /^(?:\uFEFF)?<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][\w.:-]{0,40})["']/.exec(Buffer.from(bytes.subarray(0, 200)).toString('latin1'));
    if (declaration) label = declaration[1]!;
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new CfdiRefusal(INVOICE_MESSAGES.encoding(label));
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new CfdiRefusal(INVOICE_MESSAGES.badBytes(label));
  }
}

/** An amount attribute's exact value in micro-units (its format checked by amountText first). */
const micro = (value: string | null) => toUnits(value ?? '0', RATE_DECIMALS);
const TOLERANCE_MICRO = BigInt(Math.round(CFDI_TOTAL_TOLERANCE * 10 ** RATE_DECIMALS));

/**
 * Total = SubTotal − Descuento + traslados − retenciones (federal and local), each figure as written;
 * within a cent, since the SAT has every figure rounded to the currency's decimals.
 */
function checkTotal(root: Attributes, found: Found, currency: string): void {
  const computed =
    micro(optional(root, 'SubTotal')) -
    micro(optional(root, 'Descuento')) +
    micro(optional(found.taxes, 'TotalImpuestosTrasladados')) -
    micro(optional(found.taxes, 'TotalImpuestosRetenidos')) +
    micro(optional(found.localTaxes, 'TotaldeTraslados')) -
    micro(optional(found.localTaxes, 'TotaldeRetenciones'));
  const total = micro(optional(root, 'Total'));
  const gap = total > computed ? total - computed : computed - total;
  if (gap > TOLERANCE_MICRO) {
    const figure = (units: bigint) => Number(fromUnits(units, RATE_DECIMALS));
    throw new CfdiRefusal(INVOICE_MESSAGES.totalMismatch(figure(total), figure(computed), currency));
  }
}

/** Reads a CFDI 4.0 de ingreso, stamped (TimbreFiscalDigital 1.1), or refuses it with the reason. */
export function parseCfdi(bytes: Uint8Array): Cfdi {
  const found = collect(decodeCfdi(bytes));
  const root = found.root;
  if (!root || root.Version !== '4.0') throw new CfdiRefusal(INVOICE_MESSAGES.notCfdi4);
  const type = required(root, 'cfdi:Comprobante', 'TipoDeComprobante');
  if (type !== 'I') throw new CfdiRefusal(INVOICE_MESSAGES.notIngreso(type));
  const uuid = found.stamp?.Version === '1.1' ? optional(found.stamp, 'UUID')?.toUpperCase() : undefined;
  if (!uuid || !UUID.test(uuid)) throw new CfdiRefusal(INVOICE_MESSAGES.noUuid);

  const currency = required(root, 'cfdi:Comprobante', 'Moneda');
  const rate = optional(root, 'TipoCambio');
  if (currency !== 'MXN' && (rate === null || currency === 'XXX')) throw new CfdiRefusal(INVOICE_MESSAGES.currency(currency));
  const subtotal = amountText(required(root, 'cfdi:Comprobante', 'SubTotal'), 'SubTotal');
  const discount = amountText(optional(root, 'Descuento') ?? '0', 'Descuento');
  const total = amountText(required(root, 'cfdi:Comprobante', 'Total'), 'Total');
  const transferred = toUnits(amountText(optional(found.taxes, 'TotalImpuestosTrasladados') ?? '0', 'TotalImpuestosTrasladados'), MONEY_DECIMALS);
  const withheld = toUnits(amountText(optional(found.taxes, 'TotalImpuestosRetenidos') ?? '0', 'TotalImpuestosRetenidos'), MONEY_DECIMALS);
  for (const [attributes, name] of [
    [found.localTaxes, 'TotaldeTraslados'],
    [found.localTaxes, 'TotaldeRetenciones'],
  ] as const) {
    const value = optional(attributes, name);
    if (value !== null) amountText(value, name);
  }
  checkTotal(root, found, currency);
  const net = toUnits(subtotal, MONEY_DECIMALS) - toUnits(discount, MONEY_DECIMALS);
  let exchangeRate: string | null = null;
  let amountMxn = fromUnits(net, MONEY_DECIMALS);
  if (currency !== 'MXN' && rate !== null) {
    if (!/^\d{1,12}(\.\d{1,6})?$/.test(rate)) throw new CfdiRefusal(INVOICE_MESSAGES.badAmount('TipoCambio'));
    exchangeRate = fromUnits(toUnits(rate, RATE_DECIMALS), RATE_DECIMALS);
    // cents × micro-units of the rate, back to cents rounding half up.
    amountMxn = fromUnits((net * toUnits(rate, RATE_DECIMALS) + 500_000n) / 1_000_000n, MONEY_DECIMALS);
  }
  return {
    uuid,
    series: optional(root, 'Serie'),
    folio: optional(root, 'Folio'),
    issuedAt: required(root, 'cfdi:Comprobante', 'Fecha'),
    type,
    issuerRfc: required(found.issuer, 'cfdi:Emisor', 'Rfc').toUpperCase(),
    issuerName: optional(found.issuer, 'Nombre'),
    receiverRfc: required(found.receiver, 'cfdi:Receptor', 'Rfc').toUpperCase(),
    subtotal,
    discount,
    taxes: fromUnits(transferred - withheld, MONEY_DECIMALS),
    total,
    currency,
    exchangeRate,
    amountMxn,
  };
}

const CFDI_WORKER = workerFile(import.meta.url, 'cfdi-worker');

/** parseCfdi in a parser worker (lib/parser-pool.ts): an invoice being read never holds up other requests. */
export async function parseCfdiOffThread(xml: Buffer): Promise<Cfdi> {
  const bytes = new Uint8Array(xml);
  return runParser<Cfdi>(CFDI_WORKER, bytes, CFDI_LIMITS.readSeconds, { tooSlow: INVOICE_MESSAGES.tooSlow, failed: INVOICE_MESSAGES.readerFailed, busy: INVOICE_MESSAGES.busy }, [bytes.buffer]);
}
