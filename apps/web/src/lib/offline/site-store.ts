import type { Option, OptionPage } from '@goc/contracts';

/*
 * A picker's rows on the phone, compact (docs/offline.md): columns instead of one object per row —
 * the ids and parents as typed arrays, the texts joined into one string each — so 100 000 materials
 * are a few strings IndexedDB reads back in one piece, and a search is `indexOf` over one folded
 * string instead of a loop over objects. Pure: no IndexedDB here (site-data.ts keeps the sets).
 */

/** Between the texts of two rows: never inside a label (taken out when a row is stored). */
const SEP = '\n';
const SEPARATORS = /[\n\r\0]/g;
/** Between two columns of the stored text. */
const COLUMN_SEP = '\0';

/** The columns of a set's rows, in the order a picker shows them. What IndexedDB keeps. */
export interface CompactRows {
  count: number;
  values: Int32Array;
  /** 0: no parent. */
  parentIds: Int32Array;
  /** NaN: no amount. */
  amounts: Float64Array;
  /** Joined by SEP: the labels, their folded form (searched), the details, and the rarer extras. */
  labels: string;
  folded: string;
  details: string;
  codes: string;
  icons: string;
  colors: string;
}

/**
 * What IndexedDB keeps: the numbers as typed arrays and every text column in one UTF-8 buffer.
 * Buffers are copied as bytes; 20 MB of strings took IndexedDB's copy seconds on a throttled phone (bench/README.md).
 */
export interface StoredRows {
  count: number;
  values: Int32Array;
  parentIds: Int32Array;
  amounts: Float64Array;
  text: ArrayBuffer;
}

const TEXT_COLUMNS = ['labels', 'folded', 'details', 'codes', 'icons', 'colors'] as const;

export function packRows(rows: CompactRows): StoredRows {
  const text = new TextEncoder().encode(TEXT_COLUMNS.map((c) => rows[c]).join(COLUMN_SEP));
  return { count: rows.count, values: rows.values, parentIds: rows.parentIds, amounts: rows.amounts, text: text.buffer };
}

export function unpackRows(stored: StoredRows): CompactRows {
  const [labels = '', folded = '', details = '', codes = '', icons = '', colors = ''] = new TextDecoder().decode(stored.text).split(COLUMN_SEP);
  return { count: stored.count, values: stored.values, parentIds: stored.parentIds, amounts: stored.amounts, labels, folded, details, codes, icons, colors };
}

/**
 * Lower case with the accents the API folds taken out (SQL `goc_fold`: á→a … ü→u, ñ→n), so a search
 * here finds what the same search finds on the server: «tuberia» finds «Tubería».
 */
const FOLDED: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u', ñ: 'n', à: 'a', è: 'e', ì: 'i', ò: 'o', ù: 'u' };
const ACCENTED = /[áéíóúüñàèìòù]/g;
export const fold = (text: string): string => text.toLowerCase().replace(ACCENTED, (ch) => FOLDED[ch] ?? ch);

const clean = (text: string | undefined) => (text ?? '').replace(SEPARATORS, ' ');

/** The resource's default order as the client can keep it: by folded label, then id. */
function byLabel(a: Option, b: Option): number {
  const fa = fold(a.label);
  const fb = fold(b.label);
  return fa < fb ? -1 : fa > fb ? 1 : Number(a.value) - Number(b.value);
}

/** The columns of these options, sorted by label (ids are numbers: the options of a resource). */
export function encodeRows(options: readonly Option[]): CompactRows {
  const sorted = [...options].sort(byLabel);
  const count = sorted.length;
  const values = new Int32Array(count);
  const parentIds = new Int32Array(count);
  const amounts = new Float64Array(count);
  const labels: string[] = [];
  const details: string[] = [];
  const codes: string[] = [];
  const icons: string[] = [];
  const colors: string[] = [];
  sorted.forEach((o, i) => {
    values[i] = Number(o.value);
    parentIds[i] = o.parentId ?? 0;
    amounts[i] = o.amount ?? Number.NaN;
    labels.push(clean(o.label));
    details.push(clean(o.detail));
    codes.push(clean(o.code));
    icons.push(clean(o.icon));
    colors.push(clean(o.color));
  });
  return {
    count,
    values,
    parentIds,
    amounts,
    labels: labels.join(SEP),
    folded: labels.map(fold).join(SEP),
    details: details.join(SEP),
    codes: codes.join(SEP),
    icons: icons.join(SEP),
    colors: colors.join(SEP),
  };
}

/** Where each row's text starts in a joined column (one extra entry: the end). */
function offsetsOf(joined: string, count: number): Int32Array {
  const starts = new Int32Array(count + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    const next = joined.indexOf(SEP, at);
    at = next === -1 ? joined.length + 1 : next + 1;
  }
  starts[count] = joined.length + 1;
  return starts;
}

/** A set ready to search: the rows and where each row's text lies in each column. */
export interface SiteIndex {
  rows: CompactRows;
  folded: Int32Array;
  option(i: number): Option;
  /** Every row as an option (merging a refresh into the set). */
  all(): Option[];
}

export function indexRows(rows: CompactRows): SiteIndex {
  const folded = offsetsOf(rows.folded, rows.count);
  // The other columns are read only for the rows a search answers: their offsets on first use.
  const lazy = new Map<string, Int32Array>();
  const cell = (column: 'labels' | 'details' | 'codes' | 'icons' | 'colors', i: number) => {
    let starts = lazy.get(column);
    if (!starts) {
      starts = offsetsOf(rows[column], rows.count);
      lazy.set(column, starts);
    }
    return rows[column].slice(starts[i], (starts[i + 1] as number) - 1);
  };
  const option = (i: number): Option => {
    const detail = cell('details', i);
    const code = cell('codes', i);
    const icon = cell('icons', i);
    const color = cell('colors', i);
    const parentId = rows.parentIds[i] as number;
    const amount = rows.amounts[i] as number;
    return {
      value: rows.values[i] as number,
      label: cell('labels', i),
      ...(icon ? { icon } : {}),
      ...(color ? { color } : {}),
      ...(parentId !== 0 ? { parentId } : {}),
      ...(detail ? { detail } : {}),
      ...(Number.isNaN(amount) ? {} : { amount }),
      ...(code ? { code } : {}),
    };
  };
  return { rows, folded, option, all: () => Array.from({ length: rows.count }, (_, i) => option(i)) };
}

/** The row whose text holds this position of the folded column (binary search over the starts). */
function rowAt(starts: Int32Array, position: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= position) low = mid;
    else high = mid - 1;
  }
  return low;
}

export interface SiteSearch {
  q?: string;
  limit: number;
  parentId?: number;
}

/**
 * A picker's page, searched as the API does: rows whose label holds every word of `q` (folded),
 * in the set's order. The longest word is looked for with `indexOf` over the whole folded column;
 * each hit's row is checked for the other words, until the page (and one more) is found.
 */
export function searchRows(index: SiteIndex, { q, limit, parentId }: SiteSearch): OptionPage {
  const { rows, folded: starts } = index;
  const words = fold(q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const parentOk = (i: number) => parentId === undefined || rows.parentIds[i] === parentId;
  const found: number[] = [];
  if (words.length === 0) {
    for (let i = 0; i < rows.count && found.length <= limit; i++) if (parentOk(i)) found.push(i);
  } else {
    const anchor = words.reduce((a, b) => (b.length > a.length ? b : a));
    const others = words.filter((w) => w !== anchor);
    const text = rows.folded;
    let at = text.indexOf(anchor);
    while (at !== -1 && found.length <= limit) {
      const row = rowAt(starts, at);
      const end = (starts[row + 1] as number) - 1;
      if (parentOk(row)) {
        const start = starts[row] as number;
        const own = others.length === 0 ? '' : text.slice(start, end);
        if (others.every((w) => own.includes(w))) found.push(row);
      }
      at = text.indexOf(anchor, end + 1);
    }
  }
  return { items: found.slice(0, limit).map(index.option), hasMore: found.length > limit };
}

/** A set with a refresh applied: changed rows replace theirs (same id), removed ids go, the order is kept. */
export function mergeRows(index: SiteIndex | null, changed: readonly Option[], removed: readonly number[]): CompactRows {
  if (!index) return encodeRows(changed);
  const byValue = new Map<number, Option>();
  for (const o of index.all()) byValue.set(Number(o.value), o);
  for (const id of removed) byValue.delete(id);
  for (const o of changed) byValue.set(Number(o.value), o);
  return encodeRows([...byValue.values()]);
}
