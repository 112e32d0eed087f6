import PDFDocument from 'pdfkit';
import { formatDateTime, formatDay, withIva, type OrderEntity } from '@goc/contracts';

/*
 * An order as a printable PDF to send to a supplier (letter size): the company, the folio and
 * status, who asks for what and where, the lines with their units and prices, Subtotal, IVA and
 * Total, and a signatures block naming who asked and who authorised. PDFKit's standard Helvetica covers Spanish (WinAnsi: á, é, ñ, ¿).
 */

/** The issuing company: the company of the order's work. */
export interface PdfCompany {
  name: string;
  rfc: string | null;
  address: string | null;
}

export type PdfOrder = Pick<
  OrderEntity,
  'folio' | 'work' | 'project' | 'requestedBy' | 'requiredDate' | 'supplier' | 'status' | 'notes' | 'lines' | 'total' | 'createdAt'
>;

export interface OrderPdfInput {
  company: PdfCompany | null;
  order: PdfOrder;
  /** Who authorised the order (its last move to «Autorizado»), null while nobody has. */
  authorizedBy: string | null;
  /** When the document is printed (shown in its footer). */
  printedAt: string;
}

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
const quantity = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 3 });

const MARGIN = 40;
const PAGE = { width: 612, height: 792 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_SPACE = 40;
const COLORS = { text: '#1f2937', muted: '#6b7280', rule: '#d1d5db', header: '#f3f4f6' };

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right' | 'center';
  value: (line: PdfOrder['lines'][number], index: number) => string;
}

const COLUMNS: readonly Column[] = [
  { header: '#', width: 24, align: 'center', value: (_, i) => String(i + 1) },
  {
    header: 'Material',
    width: 214,
    align: 'left',
    value: (l) => (l.notes ? `${l.material.label}\n${l.notes}` : l.material.label),
  },
  { header: 'Cantidad', width: 66, align: 'right', value: (l) => quantity.format(l.quantity) },
  { header: 'Unidad', width: 50, align: 'center', value: (l) => l.unit?.label ?? '' },
  { header: 'Precio unitario', width: 88, align: 'right', value: (l) => (l.unitPrice === null ? '—' : money.format(l.unitPrice)) },
  { header: 'Importe', width: 90, align: 'right', value: (l) => (l.amount === null ? '—' : money.format(l.amount)) },
];

/** The order's PDF, whole, in memory (an order is a few pages at most). */
export function renderOrderPdf(input: OrderPdfInput): Promise<Buffer> {
  const { order, company } = input;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Pedido ${order.folio ?? ''}`.trim(), Author: company?.name ?? 'GOC', Subject: 'Pedido de material' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, input);
  details(doc, order);
  linesTable(doc, order);
  totals(doc, order);
  signatures(doc, input);
  footers(doc, input);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, { company, order }: OrderPdfInput) {
  const top = MARGIN;
  doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(14).text(company?.name ?? '', MARGIN, top, { width: 340 });
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted);
  if (company?.rfc) doc.text(`RFC: ${company.rfc}`, { width: 340 });
  if (company?.address) doc.text(company.address, { width: 340 });
  const leftBottom = doc.y;

  const right = PAGE.width - MARGIN - 180;
  doc.fillColor(COLORS.muted).font('Helvetica').fontSize(9).text('PEDIDO DE MATERIAL', right, top, { width: 180, align: 'right' });
  doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(18).text(order.folio ?? '', right, doc.y, { width: 180, align: 'right' });
  doc.font('Helvetica').fontSize(10).text(`Estatus: ${order.status.name}`, right, doc.y, { width: 180, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 10;
  rule(doc);
}

function details(doc: PDFKit.PDFDocument, order: PdfOrder) {
  const rows: [string, string][] = [
    ['Obra', order.work.label],
    ['Proyecto', order.project?.label ?? '—'],
    ['Solicitante', order.requestedBy?.label ?? '—'],
    ['Fecha del pedido', formatDateTime(order.createdAt)],
    ['Fecha requerida', formatDay(order.requiredDate)],
    ['Proveedor', order.supplier?.label ?? 'Por asignar'],
  ];
  const labelWidth = 100;
  const half = CONTENT_WIDTH / 2;
  const start = doc.y + 8;
  rows.forEach(([label, value], index) => {
    const x = MARGIN + (index % 2) * half;
    const y = start + Math.floor(index / 2) * 28;
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text(label.toUpperCase(), x, y, { width: labelWidth });
    doc.font('Helvetica').fontSize(10).fillColor(COLORS.text).text(value, x, y + 10, { width: half - 10, height: 14, ellipsis: true });
  });
  doc.y = start + Math.ceil(rows.length / 2) * 28;
  if (order.notes) {
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text('NOTAS', MARGIN, doc.y);
    doc.font('Helvetica').fontSize(10).fillColor(COLORS.text).text(order.notes, MARGIN, doc.y + 2, { width: CONTENT_WIDTH });
  }
  doc.y += 10;
}

function tableHeader(doc: PDFKit.PDFDocument) {
  const y = doc.y;
  doc.rect(MARGIN, y, CONTENT_WIDTH, 18).fill(COLORS.header);
  let x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.text);
  for (const column of COLUMNS) {
    doc.text(column.header, x + 4, y + 5, { width: column.width - 8, align: column.align });
    x += column.width;
  }
  doc.y = y + 18;
}

function linesTable(doc: PDFKit.PDFDocument, order: PdfOrder) {
  tableHeader(doc);
  doc.font('Helvetica').fontSize(9);
  order.lines.forEach((line, index) => {
    const cells = COLUMNS.map((column) => column.value(line, index));
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: (COLUMNS[i]?.width ?? 0) - 8 }))) + 8;
    if (doc.y + height > PAGE.height - MARGIN - FOOTER_SPACE) {
      doc.addPage();
      tableHeader(doc);
      doc.font('Helvetica').fontSize(9);
    }
    const y = doc.y;
    let x = MARGIN;
    doc.fillColor(COLORS.text);
    cells.forEach((text, i) => {
      const column = COLUMNS[i];
      if (!column) return;
      doc.text(text, x + 4, y + 4, { width: column.width - 8, align: column.align });
      x += column.width;
    });
    doc.y = y + height;
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + CONTENT_WIDTH, doc.y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  });
}

function totals(doc: PDFKit.PDFDocument, order: PdfOrder) {
  ensureSpace(doc, 70);
  const y = doc.y + 8;
  const width = 178;
  const x = MARGIN + CONTENT_WIDTH - width;
  const amounts = withIva(order.total ?? 0);
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted).text(`Partidas: ${order.lines.length}`, MARGIN, y);
  const rows: [string, string, boolean][] = [
    ['Subtotal', amounts.subtotal, false],
    ['IVA (16 %)', amounts.iva, false],
    ['Total', amounts.total, true],
  ];
  rows.forEach(([label, amount, strong], i) => {
    const rowY = y + i * 16;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 10).fillColor(COLORS.text).text(label, x, rowY, { width: 80 });
    doc.text(money.format(Number(amount)), x + 80, rowY, { width: width - 84, align: 'right' });
  });
  if (order.lines.some((l) => l.unitPrice === null)) {
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text('Las partidas sin precio no suman al total.', x - 60, doc.y + 2, { width: width + 60, align: 'right' });
  }
  doc.y += 16;
}

function signatures(doc: PDFKit.PDFDocument, { order, authorizedBy }: OrderPdfInput) {
  ensureSpace(doc, 90);
  const boxes = [
    { title: 'Solicitó', name: order.requestedBy?.label ?? '' },
    { title: 'Autorizó', name: authorizedBy ?? '' },
    { title: 'Recibió (proveedor)', name: order.supplier?.label ?? '' },
  ];
  const gap = 20;
  const width = (CONTENT_WIDTH - gap * (boxes.length - 1)) / boxes.length;
  const lineY = doc.y + 50;
  boxes.forEach((box, i) => {
    const x = MARGIN + i * (width + gap);
    doc.moveTo(x, lineY).lineTo(x + width, lineY).lineWidth(0.8).strokeColor(COLORS.text).stroke();
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.text).text(box.title, x, lineY + 4, { width, align: 'center' });
    if (box.name) doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text(box.name, x, lineY + 16, { width, align: 'center' });
  });
  doc.y = lineY + 30;
}

function footers(doc: PDFKit.PDFDocument, { order, printedAt }: OrderPdfInput) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - MARGIN - 12;
    // Writing inside the bottom margin must not open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
    doc.text(`${order.folio ?? ''} · Impreso el ${formatDateTime(printedAt)}`, MARGIN, y, { width: CONTENT_WIDTH / 2 });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, MARGIN + CONTENT_WIDTH / 2, y, { width: CONTENT_WIDTH / 2, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > PAGE.height - MARGIN - FOOTER_SPACE) doc.addPage();
}

function rule(doc: PDFKit.PDFDocument) {
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + CONTENT_WIDTH, doc.y).lineWidth(1).strokeColor(COLORS.rule).stroke();
}
