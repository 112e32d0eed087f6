import { SaxesParser, type SaxesTagNS } from 'saxes';
import { fromUnits, INVOICE_MESSAGES, MONEY_DECIMALS, toUnits } from '@goc/contracts';

/*
 * A supplier's CFDI 4.0 read with a strict, namespace-aware XML parser (saxes). Supplier files are
 * untrusted: a DOCTYPE (and with it any entity declaration, internal or external) is refused before
 * anything is read past it, and saxes itself never loads or expands a declared entity — only the five
 * predefined ones and character references exist for it. The seal and the SAT certificate are not
 * verified (no network): docs/orders.md says so.
 */

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';

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

/** A CFDI that is not acceptable, with the Spanish reason (422). */
export class CfdiRefusal extends Error {}

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
}

/** The elements the invoice is read from, by position: Comprobante's own Emisor, Receptor, Impuestos and Complemento/TimbreFiscalDigital. */
function collect(xml: string): Found {
  const found: Found = {};
  const path: string[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.on('doctype', () => {
    throw new CfdiRefusal(INVOICE_MESSAGES.doctype);
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

/** Reads a CFDI 4.0 de ingreso, stamped (TimbreFiscalDigital 1.1), or refuses it with the reason. */
export function parseCfdi(xml: string): Cfdi {
  const found = collect(xml);
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
