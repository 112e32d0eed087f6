import { request as httpRequest } from 'node:http';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ATTACHMENT_MESSAGES, type Attachment } from '@goc/contracts';
import { attachmentChunks, attachmentContents, attachments, auditLog, domainEvents } from '../../src/db/schema';
import { CHUNK_SIZE } from '../../src/modules/attachments/store';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, type Api, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { ATTACHMENTS, exe, heic, multipartBody, pdf, photo, upload } from './support';

/*
 * Documents of orders through the HTTP API: who may list, read, add and delete them (the order's own
 * rules), what is accepted, what is answered and what is stored. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */

let t: TestApp;
type Session = { id: number; token: string; api: Api };
let ana: Session; // requester
let beto: Session; // another requester
let compras: Session; // purchasing
let lector: Session; // history view only
let workId: number;
let materialId: number;

const target = (id: number) => ({ resource: 'orders', recordId: id });

async function draftOf(session: Session): Promise<{ id: number; version: number }> {
  const res = await session.api.post(`${API}/orders`, { workId, requiredDate: ORDER_DATE, lines: [{ materialId, quantity: 2 }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
}

async function attached(session: Session, orderId: number, file: { name: string; data: Buffer }, description?: string): Promise<Attachment> {
  const res = await upload(t.app, session.token, target(orderId), file, description);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Attachment;
}

const get = (session: Session, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...bearer(session.token), ...headers } });
const storedBytes = async () => {
  const [contents] = await t.db.select({ n: count() }).from(attachmentContents);
  const [chunks] = await t.db.select({ n: count() }).from(attachmentChunks);
  return { contents: contents!.n, chunks: chunks!.n };
};

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  const requester = await createRole(t.db, 'Residente con documentos', { my_orders: ['view', 'create', 'edit', 'delete'] });
  const purchaser = await createRole(t.db, 'Compras con documentos', { history: ['view', 'edit'] });
  const reader = await createRole(t.db, 'Consulta de documentos', { history: ['view'] });
  const session = async (roleId: number): Promise<Session> => {
    const user = await createUser(t.app, { roleId });
    const { token } = await login(t.app, user.username, user.password);
    return { id: user.id, token, api: apiFor(t.app, token) };
  };
  ana = await session(requester);
  beto = await session(requester);
  compras = await session(purchaser);
  lector = await session(reader);
  workId = await orderableWorkId(ana.api);
  materialId = Number((await optionsOf(ana.api, '/materials'))[0]!.value);
});

afterAll(() => t.close());

describe('uploading', () => {
  it('answers 201 with the document, keeps its bytes in chunks and writes an audit row on the order', async () => {
    const order = await draftOf(ana);
    const image = await photo(1600, 1200, 1);
    const doc = await attached(ana, order.id, { name: 'losa nivel 3.jpg', data: image }, 'Cimbra antes del colado');
    expect(doc).toMatchObject({
      resource: 'orders',
      recordId: order.id,
      fileName: 'losa nivel 3.jpg',
      contentType: 'image/jpeg',
      size: image.length,
      description: 'Cimbra antes del colado',
      hasThumbnail: true,
      canDelete: true,
      createdBy: { id: ana.id },
    });
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await t.db.select().from(attachments).where(eq(attachments.id, doc.id));
    expect(row).toMatchObject({ resource: 'orders', recordId: order.id, size: image.length, createdById: ana.id });
    const chunks = await t.db.select({ seq: attachmentChunks.seq, data: attachmentChunks.data }).from(attachmentChunks).where(eq(attachmentChunks.contentId, row!.contentId)).orderBy(attachmentChunks.seq);
    expect(Buffer.concat(chunks.map((c) => c.data)).equals(image)).toBe(true);
    const audits = await t.db.select().from(auditLog).where(sql`${auditLog.entity} = 'orders' AND ${auditLog.entityId} = ${order.id} AND ${auditLog.action} = 'attachment.create'`);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.changes).toMatchObject({ attachment: { old: null, new: { id: doc.id, fileName: 'losa nivel 3.jpg', sha256: doc.sha256 } } });
  });

  it('streams a file of several chunks and gives it back byte for byte, with ranges', async () => {
    const order = await draftOf(ana);
    const big = pdf(3 * 1024 * 1024 + 12_345, 'grande');
    const doc = await attached(ana, order.id, { name: 'cotización.pdf', data: big });
    const [row] = await t.db.select({ contentId: attachments.contentId }).from(attachments).where(eq(attachments.id, doc.id));
    const chunks = await t.db.select({ n: count() }).from(attachmentChunks).where(eq(attachmentChunks.contentId, row!.contentId));
    expect(chunks[0]!.n).toBe(Math.ceil(big.length / CHUNK_SIZE));
    const whole = await get(compras, `${ATTACHMENTS}/${doc.id}/content`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(big)).toBe(true);
    const part = await get(compras, `${ATTACHMENTS}/${doc.id}/content`, { range: 'bytes=1048570-2097160' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1048570-2097160/${big.length}`);
    expect(part.headers['content-length']).toBe('1048591');
    expect(part.rawPayload.equals(big.subarray(1048570, 2097161))).toBe(true);
    const tail = await get(compras, `${ATTACHMENTS}/${doc.id}/content`, { range: 'bytes=-100' });
    expect(tail.rawPayload.equals(big.subarray(big.length - 100))).toBe(true);
    const outside = await get(compras, `${ATTACHMENTS}/${doc.id}/content`, { range: `bytes=${big.length + 5}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${big.length}`);
    expect(outside.json().message).toBe(ATTACHMENT_MESSAGES.range);
  });

  it('still serves a file stored in 1 MB pieces by an earlier version, whole and by ranges', async () => {
    const order = await draftOf(ana);
    const big = pdf(2 * 1024 * 1024 + 777, 'antiguo');
    const doc = await attached(ana, order.id, { name: 'antiguo.pdf', data: big });
    const [row] = await t.db.select({ contentId: attachments.contentId }).from(attachments).where(eq(attachments.id, doc.id));
    const contentId = row!.contentId;
    const MB = 1024 * 1024;
    await t.db.delete(attachmentChunks).where(eq(attachmentChunks.contentId, contentId));
    for (let seq = 0; seq * MB < big.length; seq += 1) await t.db.insert(attachmentChunks).values({ contentId, seq, data: big.subarray(seq * MB, (seq + 1) * MB) });
    await t.db.update(attachmentContents).set({ chunkSize: MB }).where(eq(attachmentContents.id, contentId));
    expect((await get(compras, `${ATTACHMENTS}/${doc.id}/content`)).rawPayload.equals(big)).toBe(true);
    const part = await get(compras, `${ATTACHMENTS}/${doc.id}/content`, { range: `bytes=${MB - 40000}-${2 * MB + 100}` });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(big.subarray(MB - 40000, 2 * MB + 101))).toBe(true);
  });

  it('stores the pieces while the body is still arriving (streamed, never buffered whole)', async () => {
    const order = await draftOf(ana);
    const data = pdf(5 * 1024 * 1024, 'por-partes');
    const boundary = '----gocpartes';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="partes.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const before = (await storedBytes()).chunks;
    const request = httpRequest(`${base}${ATTACHMENTS}?resource=orders&recordId=${order.id}`, {
      method: 'POST',
      headers: { ...bearer(ana.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.once('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.once('error', reject);
    });
    // Three of the five megabytes, then a pause: their pieces must already be in the database.
    request.write(Buffer.concat([head, data.subarray(0, 3 * 1024 * 1024)]));
    await expect.poll(async () => (await storedBytes()).chunks - before, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    request.end(Buffer.concat([data.subarray(3 * 1024 * 1024), tail]));
    const { status, body } = await answer;
    expect(status, body).toBe(201);
    expect((await get(compras, `${ATTACHMENTS}/${(JSON.parse(body) as Attachment).id}/content`)).rawPayload.equals(data)).toBe(true);
  });

  it('refuses a 30 MB file with 413 and leaves nothing stored', async () => {
    const order = await draftOf(ana);
    const before = await storedBytes();
    const res = await upload(t.app, ana.token, target(order.id), { name: 'planos.pdf', data: pdf(30 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('El archivo supera el tamaño máximo de 25 MB');
    expect(await storedBytes()).toEqual(before);
    expect(await t.db.select().from(attachments).where(eq(attachments.recordId, order.id))).toHaveLength(0);
  });

  it('decides the type from the content: an EXE named .pdf, HTML and SVG are refused with 415; a PDF named .jpg is a PDF', async () => {
    const order = await draftOf(ana);
    const before = await storedBytes();
    for (const file of [
      { name: 'factura.pdf', data: exe() },
      { name: 'aviso.txt', data: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>') },
      { name: 'logo.xml', data: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      { name: 'logo.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ]) {
      const res = await upload(t.app, ana.token, target(order.id), file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().message).toBe(ATTACHMENT_MESSAGES.type);
    }
    expect(await storedBytes()).toEqual(before);
    const disguised = await attached(ana, order.id, { name: 'remision.jpg', data: pdf(3000, 'disfrazado') });
    expect(disguised.contentType).toBe('application/pdf');
    const cfdi = await attached(ana, order.id, { name: 'factura.xml', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante Total="100.00"/>') });
    expect(cfdi.contentType).toBe('application/xml');
    const csv = await attached(ana, order.id, { name: 'precios.csv', data: Buffer.from('material,precio\ncemento,250.00\n', 'latin1') });
    expect(csv.contentType).toBe('text/csv');
    const text = await attached(ana, order.id, { name: 'notas', data: Buffer.from('Entregar por la puerta 2, ñandú') });
    expect(text).toMatchObject({ contentType: 'text/plain', fileName: 'notas' });
  });

  it('cleans file names: no folders, no control or direction characters, at most 200 characters', async () => {
    const order = await draftOf(ana);
    const a = await attached(ana, order.id, { name: 'C:\\fotos\\..\\obra\u202egpj.exe.txt', data: Buffer.from('uno') });
    expect(a.fileName).toBe('obragpj.exe.txt');
    const b = await attached(ana, order.id, { name: `${'x'.repeat(300)}.pdf`, data: pdf(1000, 'largo') });
    expect(b.fileName).toBe(`${'x'.repeat(196)}.pdf`);
    const c = await attached(ana, order.id, { name: '../..', data: pdf(1000, 'sin-nombre') });
    expect(c.fileName).toBe('documento.pdf');
  });

  it('refuses the same bytes twice on one record (409) but not on another record', async () => {
    const order = await draftOf(ana);
    const other = await draftOf(ana);
    const data = pdf(5000, 'duplicado');
    await attached(ana, order.id, { name: 'cotizacion.pdf', data });
    const before = await storedBytes();
    const again = await upload(t.app, ana.token, target(order.id), { name: 'otra vez.pdf', data });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ATTACHMENT_MESSAGES.duplicate('cotizacion.pdf'));
    expect(await storedBytes()).toEqual(before);
    await attached(ana, other.id, { name: 'cotizacion.pdf', data });
  });

  it('keeps at most 50 documents per record (413, nothing stored)', async () => {
    const order = await draftOf(ana);
    for (let i = 0; i < 50; i += 1) await attached(ana, order.id, { name: `nota-${i}.txt`, data: Buffer.from(`nota ${i}`) });
    const before = await storedBytes();
    const res = await upload(t.app, ana.token, target(order.id), { name: 'nota-51.txt', data: Buffer.from('nota 51') });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(ATTACHMENT_MESSAGES.tooMany(50));
    expect(await storedBytes()).toEqual(before);
  });

  it('answers 400 in Spanish without a file, with an empty file, a long description or a JSON body', async () => {
    const order = await draftOf(ana);
    const url = `${ATTACHMENTS}?resource=orders&recordId=${order.id}`;
    const noFile = multipartBody([{ name: 'description', value: 'sin archivo' }]);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...bearer(ana.token), ...noFile.headers }, payload: noFile.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ file: ATTACHMENT_MESSAGES.fileMissing });
    const empty = await upload(t.app, ana.token, target(order.id), { name: 'vacio.pdf', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ file: ATTACHMENT_MESSAGES.empty });
    const long = await upload(t.app, ana.token, target(order.id), { name: 'a.txt', data: Buffer.from('a') }, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ description: ATTACHMENT_MESSAGES.description });
    const json = await ana.api.post(url, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(ATTACHMENT_MESSAGES.notMultipart);
    const badResource = await upload(t.app, ana.token, { resource: 'roles', recordId: 1 }, { name: 'a.txt', data: Buffer.from('a') });
    expect(badResource.statusCode).toBe(400);
    expect(badResource.json().fields.resource).toBe(ATTACHMENT_MESSAGES.resource);
    expect(await t.db.select().from(attachments).where(eq(attachments.recordId, order.id))).toHaveLength(0);
  });
});

describe('reading', () => {
  it('serves the bytes with type, length, an RFC 6266 UTF-8 name, nosniff, inline for PDF and an ETag (304 when unchanged)', async () => {
    const order = await draftOf(ana);
    const data = pdf(4000, 'remision');
    const doc = await attached(ana, order.id, { name: 'remisión-ñandú.pdf', data });
    const res = await get(compras, `${ATTACHMENTS}/${doc.id}/content`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['content-disposition']).toBe(`inline; filename="remisi?n-?and?.pdf"; filename*=UTF-8''remisi%C3%B3n-%C3%B1and%C3%BA.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBe(`"${doc.sha256}"`);
    expect(res.rawPayload.equals(data)).toBe(true);
    const again = await get(compras, `${ATTACHMENTS}/${doc.id}/content`, { 'if-none-match': `"${doc.sha256}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const download = await get(compras, `${ATTACHMENTS}/${doc.id}/content?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('sends documents that are not images or PDF as attachments, never inline', async () => {
    const order = await draftOf(ana);
    const doc = await attached(ana, order.id, { name: 'datos.csv', data: Buffer.from('a,b\n1,2\n') });
    const res = await get(ana, `${ATTACHMENTS}/${doc.id}/content`);
    expect(res.headers['content-type']).toBe('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename=datos.csv');
  });

  it('lists the documents of a record newest first, with who uploaded them and what the caller may do', async () => {
    const order = await draftOf(ana);
    const first = await attached(ana, order.id, { name: 'uno.txt', data: Buffer.from('uno') });
    const second = await attached(compras, order.id, { name: 'dos.pdf', data: pdf(1500, 'dos') });
    const mine = await get(ana, `${ATTACHMENTS}?resource=orders&recordId=${order.id}`);
    expect(mine.statusCode).toBe(200);
    const body = mine.json() as { items: Attachment[]; canUpload: boolean };
    expect(body.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(body.canUpload).toBe(true);
    // The requester deletes their own upload, not purchasing's.
    expect(body.items.map((i) => i.canDelete)).toEqual([false, true]);
    const reader = (await get(lector, `${ATTACHMENTS}?resource=orders&recordId=${order.id}`)).json() as { items: Attachment[]; canUpload: boolean };
    expect(reader.canUpload).toBe(false);
    expect(reader.items.every((i) => !i.canDelete)).toBe(true);
  });

  it('makes a WebP thumbnail of at most 320 px; a HEIC it cannot read has none («Sin vista previa»)', async () => {
    const order = await draftOf(ana);
    const doc = await attached(ana, order.id, { name: 'foto.jpg', data: await photo(2000, 1000, 7) });
    const res = await get(compras, `${ATTACHMENTS}/${doc.id}/thumbnail`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
    const iphone = await attached(ana, order.id, { name: 'IMG_0001.HEIC', data: heic() });
    expect(iphone).toMatchObject({ contentType: 'image/heic', hasThumbnail: false });
    const none = await get(compras, `${ATTACHMENTS}/${iphone.id}/thumbnail`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ATTACHMENT_MESSAGES.noPreview);
    const heicContent = await get(compras, `${ATTACHMENTS}/${iphone.id}/content`);
    expect(heicContent.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('gives 404 on list, content and thumbnail to a user outside the order’s scope, and leaves it out of the counts', async () => {
    const order = await draftOf(ana);
    const doc = await attached(ana, order.id, { name: 'foto.jpg', data: await photo(400, 300, 9) });
    const list = await get(beto, `${ATTACHMENTS}?resource=orders&recordId=${order.id}`);
    expect(list.statusCode).toBe(404);
    expect(list.json().message).toBe('No se encontró el pedido');
    for (const suffix of ['content', 'thumbnail']) {
      const res = await get(beto, `${ATTACHMENTS}/${doc.id}/${suffix}`);
      expect(res.statusCode, suffix).toBe(404);
      expect(res.json().message).toBe(ATTACHMENT_MESSAGES.notFound);
    }
    const upload404 = await upload(t.app, beto.token, target(order.id), { name: 'x.txt', data: Buffer.from('x') });
    expect(upload404.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${doc.id}`, headers: bearer(beto.token) });
    expect(del.statusCode).toBe(404);
    const mineOnly = await get(beto, `${ATTACHMENTS}/counts?resource=orders&ids=${order.id}`);
    expect(mineOnly.json()).toEqual({ counts: {} });
    const theirs = await get(ana, `${ATTACHMENTS}/counts?resource=orders&ids=${order.id},999999`);
    expect(theirs.json()).toEqual({ counts: { [String(order.id)]: 1 } });
    const noRight = await get(ana, `${ATTACHMENTS}?resource=employees&recordId=1`);
    expect(noRight.statusCode).toBe(403);
  });
});

describe('who may change an order’s documents', () => {
  async function moved(session: Session, order: { id: number; version: number }, body: Record<string, unknown>) {
    const res = await session.api.post(`${API}/orders/${order.id}/transitions`, { version: order.version, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; version: number };
  }

  it('the requester while the order is open, purchasing always, a reader never', async () => {
    let order = await draftOf(ana);
    order = await moved(ana, order, { to: 'enviado' });
    await attached(ana, order.id, { name: 'enviado.txt', data: Buffer.from('enviado') });
    const reader = await upload(t.app, lector.token, target(order.id), { name: 'lector.txt', data: Buffer.from('lector') });
    expect(reader.statusCode).toBe(403);
    order = await moved(compras, order, { to: 'cancelado', comment: 'Ya no se necesita' });
    const closed = await upload(t.app, ana.token, target(order.id), { name: 'tarde.txt', data: Buffer.from('tarde') });
    expect(closed.statusCode).toBe(403);
    await attached(compras, order.id, { name: 'nota-compras.txt', data: Buffer.from('compras') });
  });

  it('the uploader deletes while they may change the order; purchasing deletes anyone’s; each delete is audited and takes the bytes', async () => {
    const order = await draftOf(ana);
    const own = await attached(ana, order.id, { name: 'propia.pdf', data: pdf(2500, 'propia') });
    const quote = await attached(compras, order.id, { name: 'cotizacion.pdf', data: pdf(2500, 'cotizacion') });
    const del = (session: Session, id: number) => t.app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${id}`, headers: bearer(session.token) });
    expect((await del(ana, quote.id)).statusCode).toBe(403);
    expect((await del(lector, own.id)).statusCode).toBe(403);
    const [stored] = await t.db.select({ contentId: attachments.contentId }).from(attachments).where(eq(attachments.id, own.id));
    expect((await del(ana, own.id)).statusCode).toBe(204);
    expect(await t.db.select().from(attachmentContents).where(eq(attachmentContents.id, stored!.contentId))).toHaveLength(0);
    expect(await t.db.select().from(attachmentChunks).where(eq(attachmentChunks.contentId, stored!.contentId))).toHaveLength(0);
    expect((await del(compras, quote.id)).statusCode).toBe(204);
    expect((await get(compras, `${ATTACHMENTS}/${quote.id}/content`)).statusCode).toBe(404);
    const audits = await t.db.select({ changes: auditLog.changes, userId: auditLog.userId }).from(auditLog).where(sql`${auditLog.entity} = 'orders' AND ${auditLog.entityId} = ${order.id} AND ${auditLog.action} = 'attachment.delete'`);
    expect(audits.map((a) => a.userId).sort()).toEqual([ana.id, compras.id].sort());
  });

  it('deleting the draft deletes its documents and their bytes in the same transaction', async () => {
    const order = await draftOf(ana);
    await attached(ana, order.id, { name: 'foto.jpg', data: await photo(800, 600, 3) });
    await attached(ana, order.id, { name: 'grande.pdf', data: pdf(2 * 1024 * 1024 + 10, 'borrar') });
    const contentIds = (await t.db.select({ id: attachments.contentId }).from(attachments).where(eq(attachments.recordId, order.id))).map((r) => r.id);
    expect(contentIds).toHaveLength(2);
    const res = await ana.api.del(`${API}/orders/${order.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.select().from(attachments).where(sql`${attachments.resource} = 'orders' AND ${attachments.recordId} = ${order.id}`)).toHaveLength(0);
    for (const id of contentIds) {
      expect(await t.db.select().from(attachmentContents).where(eq(attachmentContents.id, id))).toHaveLength(0);
      expect(await t.db.select().from(attachmentChunks).where(eq(attachmentChunks.contentId, id))).toHaveLength(0);
    }
  });
});

describe('domain events', () => {
  const documentEvents = (orderId: number) =>
    t.db
      .select({ type: domainEvents.type, resource: domainEvents.resource, recordId: domainEvents.recordId, actorId: domainEvents.actorId, metadata: domainEvents.metadata })
      .from(domainEvents)
      .where(and(eq(domainEvents.resource, 'orders'), eq(domainEvents.recordId, orderId), like(domainEvents.type, 'attachment.%')))
      .orderBy(domainEvents.id);

  it('an upload writes attachment.added and a delete attachment.removed on the record, naming the document and who did it', async () => {
    const order = await draftOf(ana);
    const doc = await attached(ana, order.id, { name: 'cotización.pdf', data: pdf(3000, 'evento') });
    expect(await documentEvents(order.id)).toEqual([
      { type: 'attachment.added', resource: 'orders', recordId: order.id, actorId: ana.id, metadata: { attachmentId: doc.id, fileName: 'cotización.pdf' } },
    ]);
    const res = await t.app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${doc.id}`, headers: bearer(compras.token) });
    expect(res.statusCode).toBe(204);
    expect((await documentEvents(order.id)).at(-1)).toEqual({
      type: 'attachment.removed',
      resource: 'orders',
      recordId: order.id,
      actorId: compras.id,
      metadata: { attachmentId: doc.id, fileName: 'cotización.pdf' },
    });
  });

  it('a refused upload or delete writes none', async () => {
    const order = await draftOf(ana);
    const data = pdf(3000, 'rechazo');
    const doc = await attached(ana, order.id, { name: 'cotizacion.pdf', data });
    const before = await documentEvents(order.id);
    expect(before).toHaveLength(1);
    expect((await upload(t.app, ana.token, target(order.id), { name: 'otra vez.pdf', data })).statusCode).toBe(409);
    expect((await upload(t.app, ana.token, target(order.id), { name: 'factura.pdf', data: exe() })).statusCode).toBe(415);
    expect((await upload(t.app, lector.token, target(order.id), { name: 'lector.txt', data: Buffer.from('lector') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${doc.id}`, headers: bearer(beto.token) })).statusCode).toBe(404);
    expect(await documentEvents(order.id)).toEqual(before);
  });
});

describe('two app instances on one database', () => {
  it('see the same files', async () => {
    const other = await t.variant({});
    const order = await draftOf(ana);
    const data = pdf(1024 * 1024 + 3, 'compartido');
    const doc = await attached(ana, order.id, { name: 'compartido.pdf', data });
    const res = await other.inject({ method: 'GET', url: `${ATTACHMENTS}/${doc.id}/content`, headers: bearer(compras.token) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
  });
});
