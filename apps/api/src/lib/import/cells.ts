import { IMPORT_MESSAGES, isIsoDay, type ResourceField, type ResourceKey } from '@goc/contracts';
import type { Cell } from './read';
import { foldText, type ReferenceLookup } from './references';

/*
 * One spreadsheet cell → the value the resource's create / update schema expects, the way an office
 * writes it: dates as Excel dates or dd/mm/aaaa, money with «$» and thousands separators, Sí / No,
 * enum values by their label, references by code or name. The schema then applies its own rules
 * (CURP, RFC, NSS, lengths, bounds) exactly as for the forms.
 */

export type Parsed = { value: unknown } | { error: string };

const ok = (value: unknown): Parsed => ({ value });
const fail = (error: string): Parsed => ({ error });

/** A cell as the text the user typed (what the report shows). */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return isoDayOf(cell).split('-').reverse().join('/');
  if (typeof cell === 'boolean') return cell ? 'Sí' : 'No';
  return String(cell);
}

/** Excel keeps a date cell as midnight UTC of that day. */
const isoDayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Days since 1899-12-30: a date typed into a cell Excel formats as a number. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

function parseDate(cell: Cell): Parsed {
  if (cell instanceof Date) return ok(isoDayOf(cell));
  if (typeof cell === 'number' && Number.isInteger(cell) && cell > 0 && cell < 2_958_466) {
    return ok(isoDayOf(new Date(EXCEL_EPOCH + cell * 86_400_000)));
  }
  const text = String(cell).trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : text;
  return isIsoDay(iso) ? ok(iso) : fail(IMPORT_MESSAGES.date);
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const GROUPED_NUMBER = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

/** A number as an office writes it (1,234.5; with «$» for money); also a module's own sheet import. */
export function parseNumber(cell: Cell, money: boolean): Parsed {
  if (typeof cell === 'number') return ok(cell);
  const compact = String(cell).replace(/\s/g, '');
  const text = money ? compact.replace(/^(-?)\$/, '$1') : compact;
  if (PLAIN_NUMBER.test(text) || GROUPED_NUMBER.test(text)) return ok(Number(text.replace(/,/g, '')));
  return fail(money ? IMPORT_MESSAGES.money : IMPORT_MESSAGES.number);
}

const TRUE_WORDS = new Set(['si', 'sí', 's', 'verdadero', 'true', '1', 'x']);
const FALSE_WORDS = new Set(['no', 'n', 'falso', 'false', '0']);

function parseBoolean(cell: Cell): Parsed {
  if (typeof cell === 'boolean') return ok(cell);
  const word = foldText(String(cell));
  if (TRUE_WORDS.has(word)) return ok(true);
  if (FALSE_WORDS.has(word)) return ok(false);
  return fail(IMPORT_MESSAGES.boolean);
}

function parseOption(field: ResourceField, cell: Cell): Parsed {
  const options = field.options ?? [];
  const word = foldText(String(cell));
  const option = options.find((o) => foldText(o.value) === word || foldText(o.label) === word);
  return option ? ok(option.value) : fail(IMPORT_MESSAGES.unknownOption(options.map((o) => o.label)));
}

/** A list cell: values separated by «;» or line breaks (names may hold commas). */
const listItems = (cell: Cell) =>
  String(cell)
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

export interface ReferenceValue {
  id: number;
  parent: number | null;
}

export function parseCell(field: ResourceField, cell: Cell, lookups: ReadonlyMap<ResourceKey, ReferenceLookup>, parents: Map<string, number | null>): Parsed {
  const blank = cell === null || (typeof cell === 'string' && cell.trim() === '');
  if (blank) return ok(field.type === 'multiReference' ? [] : null);
  switch (field.type) {
    case 'number':
      return parseNumber(cell, false);
    case 'money':
      return parseNumber(cell, true);
    case 'date':
      return parseDate(cell);
    case 'boolean':
      return parseBoolean(cell);
    case 'enum':
    case 'severity':
      return parseOption(field, cell);
    case 'reference': {
      const lookup = field.reference ? lookups.get(field.reference.target) : undefined;
      if (!lookup) return fail(IMPORT_MESSAGES.unknownReference(field.label));
      const found = lookup.resolve(String(cell));
      if ('error' in found) return found;
      parents.set(field.name, found.row.parent);
      return ok(found.row.id);
    }
    case 'multiReference': {
      const lookup = field.reference ? lookups.get(field.reference.target) : undefined;
      if (!lookup) return fail(IMPORT_MESSAGES.unknownReference(field.label));
      const ids: number[] = [];
      for (const item of listItems(cell)) {
        const found = lookup.resolve(item);
        if ('error' in found) return fail(`«${item}»: ${found.error}`);
        if (!ids.includes(found.row.id)) ids.push(found.row.id);
      }
      return ok(ids);
    }
    default:
      // Text of every kind: numbers typed into a text column (a code 1001) are their digits.
      return ok(cell instanceof Date ? cellText(cell) : typeof cell === 'boolean' ? cellText(cell) : String(cell).trim());
  }
}
