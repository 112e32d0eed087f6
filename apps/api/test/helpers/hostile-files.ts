import { Zip, ZipDeflate, zipSync, strToU8 } from 'fflate';

/*
 * Files built to hurt the parsers (issue 46), generated here for the tests and `npm run bench:hostile`:
 * each is small on the wire and large, wide, long or deep once read.
 */

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const PACKAGE_RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SHARED_STRINGS_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';

/** The parts every .xlsx has around its one sheet; `sharedStrings` adds the shared strings part's declarations. */
function xlsxFrame(sharedStrings = false): Record<string, string> {
  return {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${CONTENT_TYPES_NS}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${SHARED_STRINGS_TYPE}"/>` : ''}</Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Datos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
  };
}

/**
 * An .xlsx of `parts` plus one part, `big`, of `head`, `megabytes` MB of «a» and `tail`: deflated as it
 * is generated, 1 MB at a time, so the generator never holds the big text (a few hundred KB on the wire).
 */
function inflatingXlsx(parts: Record<string, string>, big: { name: string; head: string; megabytes: number; tail: string }): Buffer {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  for (const [name, text] of Object.entries(parts)) {
    const part = new ZipDeflate(name);
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const part = new ZipDeflate(big.name, { level: 1 });
  zip.add(part);
  part.push(strToU8(big.head));
  const megabyte = new Uint8Array(1024 * 1024).fill(0x61);
  for (let i = 0; i < big.megabytes; i += 1) part.push(megabyte);
  part.push(strToU8(big.tail), true);
  zip.end();
  return Buffer.concat(out);
}

/** An .xlsx of a few hundred KB whose one cell is an inline string of `megabytes` MB. */
export function bigCellXlsx(megabytes = 300): Buffer {
  return inflatingXlsx(xlsxFrame(), {
    name: 'xl/worksheets/sheet1.xml',
    head: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`,
    megabytes,
    tail: '</t></is></c></row></sheetData></worksheet>',
  });
}

/** An .xlsx of a few hundred KB whose one cell points at a shared string of `megabytes` MB (`sharedStrings.xml`). */
export function bigSharedStringXlsx(megabytes = 400): Buffer {
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`;
  return inflatingXlsx(
    { ...xlsxFrame(true), 'xl/worksheets/sheet1.xml': sheet },
    {
      name: 'xl/sharedStrings.xml',
      head: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SHEET_NS}" count="1" uniqueCount="1"><si><t>`,
      megabytes,
      tail: '</t></si></sst>',
    },
  );
}

/** An .xlsx of a few KB: the given headers, a stray cell at XFD1 (Excel's last column) and `rows` one-cell rows. */
export function strayColumnXlsx(headers: readonly string[], rows = 2_000): Buffer {
  const column = (n: number) => String.fromCharCode(65 + n);
  const header = headers.map((h, i) => `<c r="${column(i)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('');
  const body = Array.from({ length: rows }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>U${i}</t></is></c></row>`).join('');
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><dimension ref="A1:XFD${rows + 1}"/><sheetData><row r="1">${header}<c r="XFD1" t="inlineStr"><is><t>x</t></is></c></row>${body}</sheetData></worksheet>`;
  return Buffer.from(zipSync(Object.fromEntries([...Object.entries(xlsxFrame()), ['xl/worksheets/sheet1.xml', sheet]].map(([name, text]) => [name, strToU8(text!)]))));
}

/** A CSV of ~100 KB: a header of `columns` empty cells and `rows` one-cell rows. */
export const wideCsv = (columns = 100_000, rows = 4_000): Buffer => Buffer.from(`${','.repeat(columns - 1)}\n${'x\n'.repeat(rows)}`);

/** A CSV of a header and `lines` empty lines (2 MB for a million), as an export ending in blank lines. */
export const blankLinesCsv = (headers: readonly string[], lines = 1_000_000): Buffer => Buffer.from(`${headers.join(',')}\n${'\n'.repeat(lines)}`);

/** A CSV of a header and `lines` lines of one comma: records shorter than the header, each blank. */
export const blankRecordsCsv = (headers: readonly string[], lines = 1_000_000): Buffer => Buffer.from(`${headers.join(',')}\n${',\n'.repeat(lines)}`);

/** A CFDI with an Addenda of `depth` elements nested one in the other (20 000: 141 KB; 200 000: 1.4 MB). */
export function nestedAddenda(cfdi: string, depth: number): string {
  return cfdi.replace('</cfdi:Comprobante>', `<cfdi:Addenda>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</cfdi:Addenda></cfdi:Comprobante>`);
}
