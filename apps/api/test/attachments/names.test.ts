import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES, type Attachment } from '@goc/contracts';
import { attachmentChunks, attachmentContents, attachments } from '../../src/db/schema';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { ATTACHMENTS, pdf, photo, upload } from './support';

/*
 * Documents keep harmless names (docs/attachments.md, «Names and markup»): the stored name's
 * extension follows the detected type; markup a browser runs, anywhere in a text, and a text named
 * as a program are refused with 415 and nothing stored; and a document downloads byte for byte,
 * never under a Content-Encoding. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const EVERY_ENCODING = 'gzip, deflate, br, zstd';

let t: TestApp;
let token: string;
let orderId: number;

const target = () => ({ resource: 'orders', recordId: orderId });
const stored = async () => {
  const [contents] = await t.db.select({ n: count() }).from(attachmentContents);
  const [chunks] = await t.db.select({ n: count() }).from(attachmentChunks);
  const [rows] = await t.db.select({ n: count() }).from(attachments).where(eq(attachments.recordId, orderId));
  return { contents: contents!.n, chunks: chunks!.n, rows: rows!.n };
};
const content = (id: number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${ATTACHMENTS}/${id}/content`, headers: { ...bearer(token), ...headers } });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function attached(name: string, data: Buffer): Promise<Attachment> {
  const res = await upload(t.app, token, target(), { name, data });
  expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
  return res.json() as Attachment;
}

async function refused(name: string, data: Buffer, message: string): Promise<void> {
  const before = await stored();
  const res = await upload(t.app, token, target(), { name, data });
  expect([res.statusCode, res.json().message], name).toEqual([415, message]);
  expect(await stored(), name).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  token = (await login(t.app)).token;
  const api = apiFor(t.app, token);
  const res = await api.post(`${API}/orders`, { workId: await orderableWorkId(api), requiredDate: ORDER_DATE, lines: [{ materialId: Number((await optionsOf(api, '/materials'))[0]!.value), quantity: 1 }] });
  orderId = (res.json() as { id: number }).id;
});

afterAll(() => t?.close());

describe('the stored name follows the detected type', () => {
  it('renames a text, a PDF, a photo and an XML under another type’s extension, and downloads them under the new name', async () => {
    const cases = [
      { name: 'nota.html', data: Buffer.from('Recoger la revolvedora el lunes.\nPuerta 2.'), fileName: 'nota.txt', type: 'text/plain', disposition: 'attachment; filename=nota.txt' },
      { name: 'precios.xml', data: Buffer.from('Cemento 250.00 el bulto'), fileName: 'precios.txt', type: 'text/plain', disposition: 'attachment; filename=precios.txt' },
      { name: 'factura.html', data: pdf(3000, 'factura-html'), fileName: 'factura.pdf', type: 'application/pdf', disposition: 'inline; filename=factura.pdf' },
      { name: 'colado.exe', data: await photo(64, 48, 3), fileName: 'colado.jpg', type: 'image/jpeg', disposition: 'inline; filename=colado.jpg' },
      { name: 'cfdi.svg', data: Buffer.from('<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Total="1.00"/>'), fileName: 'cfdi.xml', type: 'application/xml', disposition: 'attachment; filename=cfdi.xml' },
      { name: 'obra.v2', data: Buffer.from('Avance de la obra'), fileName: 'obra.txt', type: 'text/plain', disposition: 'attachment; filename=obra.txt' },
    ];
    for (const c of cases) {
      const doc = await attached(c.name, c.data);
      expect([doc.fileName, doc.contentType], c.name).toEqual([c.fileName, c.type]);
      const res = await content(doc.id);
      expect([res.statusCode, res.headers['content-disposition']], c.name).toEqual([200, c.disposition]);
      expect(res.rawPayload.equals(c.data), c.name).toBe(true);
    }
  });

  it('keeps a name already right, and a name without an extension as it is', async () => {
    for (const [name, data] of [
      ['remision.jpeg', await photo(40, 30, 4)],
      ['bitacora.log', Buffer.from('Día 1: colado de losa')],
      ['corte 12.2026', Buffer.from('Corte de la semana 12')],
      ['notas', Buffer.from('Sin extensión')],
    ] as const) {
      expect((await attached(name, data)).fileName).toBe(name);
    }
  });

  it('accepts text and XML that only look like markup: comparisons, a SOAP body', async () => {
    expect((await attached('medidas.csv', Buffer.from('pieza,medida\nviga,<3 m\nlosa,>= 2 m\n'))).contentType).toBe('text/csv');
    const soap = Buffer.from('<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Acuse/></soap:Body></soap:Envelope>');
    expect((await attached('acuse.xml', soap)).contentType).toBe('application/xml');
  });
});

describe('refused with 415, nothing stored', () => {
  it('markup a browser runs anywhere in a text file, not only at its first byte', async () => {
    for (const [name, text] of [
      ['nota.html', 'Hola, adjunto la nota.\n<script>fetch("/api/v2/users")</script>'],
      ['nota.txt', 'Ver detalles <iframe src="https://ejemplo.invalid"></iframe>'],
      ['nota.txt', 'Plano: <object data="plano.swf"></object>'],
      ['nota.txt', 'Da clic <a href="#" onclick="robar()">aquí</a>'],
      ['nota.txt', 'Da clic <a href="javascript:robar()">aquí</a>'],
      ['nota.txt', 'Texto\n<IMG SRC=x OnError=alert(1)>'],
      ['nota.txt', 'Logo: <svg viewBox="0 0 1 1"></svg>'],
      ['lista.csv', 'a,b\n1,"<html><body>hola</body></html>"\n'],
      ['nota.txt', 'Texto <h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'],
    ] as const) {
      await refused(name, Buffer.from(text), ATTACHMENT_MESSAGES.type);
    }
  });

  it('markup past the first 64 KB, in a later piece of the stream', async () => {
    const padding = 'Cemento gris, 50 kg por bulto.\n'.repeat(12_000);
    await refused('notas.txt', Buffer.from(`${padding}<script>alert(1)</script>`), ATTACHMENT_MESSAGES.type);
    // Text, then bytes no text has (a polyglot): not text after all.
    await refused('notas.txt', Buffer.concat([Buffer.from(padding), Buffer.from([0x00, 0x01, 0x02, 0x03])]), ATTACHMENT_MESSAGES.type);
  });

  it('SVG and XHTML under a prefix, and XML a browser would style with XSLT', async () => {
    for (const xml of [
      '<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>',
      '<?xml version="1.0"?><doc xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></doc>',
      '<?xml version="1.0"?><doc><x:p xmlns:x="http://www.w3.org/1999/xhtml" onclick="alert(1)">hola</x:p></doc>',
      '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="pagina.xsl"?><doc/>',
      '<?xml version="1.0"?><xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>',
    ]) {
      await refused('factura.xml', Buffer.from(xml), ATTACHMENT_MESSAGES.type);
    }
  });

  it('a text (or XML) named as a program or script', async () => {
    for (const extension of ['js', 'bat', 'cmd', 'hta', 'ps1', 'vbs', 'exe', 'sh', 'scr', 'msi', 'lnk', 'jar', 'py']) {
      await refused(`instalar.${extension}`, Buffer.from('echo hola'), ATTACHMENT_MESSAGES.program(extension));
    }
    await refused('INSTALAR.BAT.', Buffer.from('echo hola'), ATTACHMENT_MESSAGES.program('bat'));
    await refused('factura.js', Buffer.from('<?xml version="1.0"?><cfdi:Comprobante Total="1.00"/>'), ATTACHMENT_MESSAGES.program('js'));
    expect(ATTACHMENT_MESSAGES.program('js')).toBe('Los archivos .js son programas o scripts y no se admiten; si es un documento de texto, guárdalo como .txt');
  });

  it('a gzip file (a type GOC does not keep)', async () => {
    await refused('respaldo.txt.gz', gzipSync(Buffer.from('texto comprimido')), ATTACHMENT_MESSAGES.type);
  });
});

describe('downloads go out as stored', () => {
  it('never under a Content-Encoding, whatever the client accepts: the body’s sha256 is the stored one', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Precios').addRows([['Material', 'Precio'], ...Array.from({ length: 500 }, (_, i) => [`Material ${i}`, i * 10])]);
    const files = [
      { name: 'precios.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) },
      { name: 'plano.pdf', data: pdf(200_000, 'comprimible') },
      { name: 'foto.jpg', data: await photo(320, 240, 9) },
      { name: 'bitacora.txt', data: Buffer.from('Colado de losa sin novedad.\n'.repeat(5_000)) },
    ];
    for (const file of files) {
      const doc = await attached(file.name, file.data);
      const res = await content(doc.id, { 'accept-encoding': EVERY_ENCODING });
      expect([res.statusCode, res.headers['content-encoding']], file.name).toEqual([200, undefined]);
      expect([sha256(res.rawPayload), res.headers['content-length']], file.name).toEqual([doc.sha256, String(file.data.length)]);
      expect(doc.sha256).toBe(sha256(file.data));
    }
  });
});
