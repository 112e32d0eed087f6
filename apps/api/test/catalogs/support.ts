import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import {
  addBusinessDays,
  businessToday,
  curpCheckDigit,
  listQueryToParams,
  nssCheckDigit,
  type AnyCatalog,
  type ResourceField,
  type ListQuery,
  type Option,
  type OptionPage,
} from '@goc/contracts';
import { bearer } from '../helpers/app';
import { mexicoDay } from '../list/oracle';

/* Request helpers and independent re-implementations (export formats, identifiers) for the catalogue tests. */

export type Row = Record<string, unknown>;

export interface Api {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export function apiFor(app: FastifyInstance, token: string): Api {
  const headers = bearer(token);
  return {
    get: (url) => app.inject({ method: 'GET', url, headers }),
    post: (url, payload) => app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
    patch: (url, payload) => app.inject({ method: 'PATCH', url, headers, payload: payload as object }),
    del: (url) => app.inject({ method: 'DELETE', url, headers }),
  };
}

export const API = '/api/v2';

/** GET url of a list / export with the protocol's parameters. */
export function listUrl(resource: string, query: Partial<ListQuery> & { format?: string } = {}, suffix = ''): string {
  const full: ListQuery = { page: 1, pageSize: 25, sort: [], filters: {}, ...query };
  const params = new URLSearchParams(listQueryToParams(full));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  if (query.format) params.set('format', query.format);
  const text = params.toString();
  return `${API}${resource}${suffix}${text ? `?${text}` : ''}`;
}

/** Every row a list query selects, in order, through as many pages of 100 as needed. */
export async function listAll(api: Api, resource: string, query: Partial<ListQuery> = {}): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(listUrl(resource, { ...query, page, pageSize: 100 }));
    if (res.statusCode !== 200) throw new Error(`GET ${resource} → ${res.statusCode} ${res.body}`);
    const body = res.json() as { items: Row[]; total: number };
    rows.push(...body.items);
    if (rows.length >= body.total || body.items.length === 0) return { rows, total: body.total };
  }
}

export async function optionsOf(api: Api, resource: string, filter?: string): Promise<Option[]> {
  const res = await api.get(`${API}${resource}/options?limit=200${filter ? `&filter=${filter}` : ''}`);
  if (res.statusCode !== 200) throw new Error(`options ${resource} → ${res.statusCode} ${res.body}`);
  return (res.json() as OptionPage).items;
}

/** The first work that takes orders (planeación or en ejecución), as the order form offers it. */
export async function orderableWorkId(api: Api): Promise<number> {
  return Number((await optionsOf(api, '/works', 'planeacion,en_ejecucion'))[0]!.value);
}

/** A required date an order accepts whenever the suite runs: three weeks from today in Mexico City. */
export const ORDER_DATE = addBusinessDays(businessToday(), 21);

export async function firstId(api: Api, resource: string, index = 0): Promise<number> {
  const option = (await optionsOf(api, resource))[index];
  if (!option) throw new Error(`no option ${index} in ${resource}`);
  return Number(option.value);
}

/** POST that must succeed; returns the created entity. */
export async function created(api: Api, resource: string, body: unknown): Promise<Row> {
  const res = await api.post(`${API}${resource}`, body);
  if (res.statusCode !== 201) throw new Error(`POST ${resource} → ${res.statusCode} ${res.body}`);
  return res.json() as Row;
}

// --- Mexican identifiers for test rows --------------------------------------------------------------

/** A valid CURP, different for each n (1–28 × 26). */
export function validCurp(n: number): string {
  const day = String((n % 28) + 1).padStart(2, '0');
  const letter = String.fromCharCode(65 + (Math.floor(n / 28) % 26));
  const first17 = `PEG${letter}9001${day}HQTRRL0`;
  return first17 + String(curpCheckDigit(first17));
}

/** An 11-digit NSS; `validCheck` false gives a wrong check digit (a warning, not an error). */
export function nss(n: number, validCheck = true): string {
  const first10 = `1234${String(n).padStart(6, '0')}`;
  const check = nssCheckDigit(first10);
  return first10 + String(validCheck ? check : (check + 1) % 10);
}

/** RFC of a persona moral ('ABC' + date + homoclave), different for each n < 1000. */
export function rfcMoral(n: number): string {
  return `TST0101${String(n % 28 + 1).padStart(2, '0')}${String.fromCharCode(65 + (n % 26))}${String(n).padStart(2, '0').slice(-2)}`;
}

// --- Export formats, re-implemented independently of lib/export -------------------------------------

const labelOf = (d: unknown) => (d && typeof d === 'object' ? String((d as { label: string }).label) : '');

function mexicoDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Mexico_City',
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const ddmmyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;

export const exportedFields = (catalog: AnyCatalog): ResourceField[] => catalog.fields.filter((f) => f.list.exported && f.type !== 'password');

/** What a CSV cell must say for a field of an entity. */
export function expectedCsvCell(field: ResourceField, row: Row): string {
  const value = row[field.name];
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'boolean':
      return value ? 'Sí' : 'No';
    case 'enum':
    case 'severity':
      return field.options?.find((o) => o.value === value)?.label ?? String(value);
    case 'reference':
      return labelOf(row[field.reference?.displayKey ?? '']);
    case 'multiReference':
      return ((row[field.reference?.displayKey ?? ''] as unknown[]) ?? []).map(labelOf).join(', ');
    case 'money':
      return Number(value).toFixed(2);
    case 'date':
      return ddmmyy(String(value));
    case 'datetime':
      return mexicoDateTime(String(value));
    default: {
      const text = String(value);
      return /^[=+\-@]/.test(text) ? `'${text}` : text;
    }
  }
}

/** RFC 4180 parser (quotes, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** An XLSX cell value as the CSV would show it, to compare both exports with the same expectations. */
function xlsxCellText(field: ResourceField, value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return field.type === 'datetime' ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)} ${iso.slice(11, 16)}` : ddmmyy(iso.slice(0, 10));
  }
  if (typeof value === 'number') return field.type === 'money' ? value.toFixed(2) : String(value);
  return String(value);
}

export async function readXlsx(buffer: Buffer, fields: readonly ResourceField[]): Promise<{ headers: string[]; rows: string[][]; formats: (string | undefined)[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('xlsx without sheets');
  const headers: string[] = [];
  const rows: string[][] = [];
  const formats: (string | undefined)[] = [];
  sheet.eachRow((row, number) => {
    const values = fields.map((_f, i) => row.getCell(i + 1).value);
    if (number === 1) headers.push(...values.map((v) => String(v)));
    else {
      rows.push(fields.map((f, i) => xlsxCellText(f, values[i] ?? null)));
      if (number === 2) formats.push(...fields.map((_f, i) => row.getCell(i + 1).numFmt));
    }
  });
  return { headers, rows, formats };
}

/** A value of the field in some row, for filters that must match something. */
export function sampleValue(rows: readonly Row[], name: string, predicate: (v: unknown) => boolean = (v) => v !== null && v !== undefined): unknown {
  return rows.map((r) => r[name]).find(predicate);
}

export { mexicoDay };
