import { randomUUID } from 'node:crypto';

/*
 * Real-shaped CFDI 4.0 invoices for the tests, written here (no file from outside): the SAT's
 * namespaces and attribute names, a TimbreFiscalDigital 1.1 complement, seal and certificate fields
 * filled with base64 that is not a real seal (the API does not verify seals: docs/orders.md).
 */

export interface CfdiOptions {
  uuid?: string | null;
  issuerRfc?: string;
  issuerName?: string;
  receiverRfc?: string;
  subtotal?: string;
  discount?: string;
  iva?: string;
  currency?: string;
  exchangeRate?: string | null;
  type?: string;
  version?: string;
  namespace?: string;
  stampVersion?: string;
  series?: string;
  folio?: string;
}

const add = (a: string, b: string) => (Math.round(Number(a) * 100 + Number(b) * 100) / 100).toFixed(2);
const sub = (a: string, b: string) => (Math.round(Number(a) * 100 - Number(b) * 100) / 100).toFixed(2);

export function cfdiXml(options: CfdiOptions = {}): string {
  const subtotal = options.subtotal ?? '1000.00';
  const discount = options.discount ?? '0.00';
  const base = sub(subtotal, discount);
  const iva = options.iva ?? (Math.round(Number(base) * 16) / 100).toFixed(2);
  const total = add(base, iva);
  const currency = options.currency ?? 'MXN';
  const rate = options.exchangeRate === undefined ? (currency === 'MXN' ? null : '17.2500') : options.exchangeRate;
  const uuid = options.uuid === undefined ? randomUUID().toUpperCase() : options.uuid;
  const seal = Buffer.from('sello de prueba, no es un sello del SAT').toString('base64');
  const stamp =
    uuid === null
      ? ''
      : `<cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" xsi:schemaLocation="http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd" Version="${options.stampVersion ?? '1.1'}" UUID="${uuid}" FechaTimbrado="2026-11-20T10:16:02" RfcProvCertif="SAT970701NN3" SelloCFD="${seal}" NoCertificadoSAT="30001000000500003456" SelloSAT="${seal}"/></cfdi:Complemento>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="${options.namespace ?? 'http://www.sat.gob.mx/cfd/4'}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd" Version="${options.version ?? '4.0'}" Serie="${options.series ?? 'F'}" Folio="${options.folio ?? '1024'}" Fecha="2026-11-20T10:15:00" Sello="${seal}" FormaPago="99" NoCertificado="30001000000500003416" Certificado="${seal}" SubTotal="${subtotal}"${discount === '0.00' ? '' : ` Descuento="${discount}"`} Moneda="${currency}"${rate === null ? '' : ` TipoCambio="${rate}"`} Total="${total}" TipoDeComprobante="${options.type ?? 'I'}" Exportacion="01" MetodoPago="PPD" LugarExpedicion="76090">
  <cfdi:Emisor Rfc="${options.issuerRfc ?? 'CAS850101AB1'}" Nombre="${options.issuerName ?? 'CEMENTOS Y AGREGADOS DEL SURESTE'}" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="${options.receiverRfc ?? 'GOC950314KT2'}" Nombre="GRUPO OROZCO CONSTRUCTORA" DomicilioFiscalReceptor="76090" RegimenFiscalReceptor="601" UsoCFDI="G01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="30111601" Cantidad="1" ClaveUnidad="H87" Unidad="Pieza" Descripcion="Material según pedido" ValorUnitario="${subtotal}" Importe="${subtotal}"${discount === '0.00' ? '' : ` Descuento="${discount}"`} ObjetoImp="02">
      <cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="${base}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${iva}"/></cfdi:Traslados></cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="${iva}"><cfdi:Traslados><cfdi:Traslado Base="${base}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${iva}"/></cfdi:Traslados></cfdi:Impuestos>
  ${stamp}
</cfdi:Comprobante>`;
}

/** A billion-laughs document: a parser that expanded entities would build gigabytes from it. */
export const ENTITY_BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" TipoDeComprobante="I" Serie="&lol9;"/>`;

/** An external entity: a parser that resolved it would read a file of the server into the invoice. */
export const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE cfdi:Comprobante [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" TipoDeComprobante="I" Serie="&xxe;"/>`;

/** The smallest valid PDF header and trailer: enough for content sniffing. */
export const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A multipart/form-data body with the given file parts. */
export function multipart(parts: { name: string; fileName: string; type: string; content: Buffer | string }[]) {
  const boundary = `----goc${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
