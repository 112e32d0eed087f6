/*
 * A CSV counted in one pass over its text before csv-parse reads it: csv-parse builds an error
 * object (a stack trace and JSON copies) for every record whose width differs from the first, about
 * 50 µs each, so a file of a header and a million lines of one comma costs it seconds, and a header of
 * 100 000 empty columns a quarter of one. Here both cost a scan of the characters.
 *
 * The census only refuses what the reading would refuse too, with the same message: a header wider
 * than IMPORT_LIMITS.maxColumns, or more blank records than IMPORT_LIMITS.maxBlankRecords; and it
 * says when nothing but empty lines follows the header. It is
 * strict where the reader is lenient, never the other way: a record counts as blank only when it holds
 * nothing but delimiters, spaces and tabs outside quotes (so it is blank to the reader as well), and at
 * anything it cannot follow exactly as csv-parse does — a quote inside an unquoted field, text after a
 * closing quote, a line ending other than the file's first, a field longer than a cell may be, more
 * data rows than a file may have — it stops counting and leaves the file to the reader.
 */

export interface CensusLimits {
  maxColumns: number;
  maxBlankRecords: number;
  maxRows: number;
  maxCellChars: number;
}

/**
 * What the reader is to do: refuse the header's width; check the header (up to `headerEnd`, where its
 * line ends) and then refuse the blank records; read only the header, when nothing but empty lines
 * follows it (a million of them cost csv-parse a tenth of a second); or read the file.
 */
export type Census = { verdict: 'tooManyColumns' } | { verdict: 'tooManyBlankRecords' | 'headerOnly'; headerEnd: number } | { verdict: 'read' };

const QUOTE = 34;
const CR = 13;
const LF = 10;
const SPACE = 32;
const TAB = 9;

const LEAVE: Census = { verdict: 'read' };

export function csvCensus(text: string, delimiter: ',' | ';', limits: CensusLimits): Census {
  const comma = delimiter.charCodeAt(0);
  // The file's line ending, as csv-parse discovers it: the first one met outside quotes.
  let ending: 'crlf' | 'lf' | null = null;
  let header = true;
  let fields = 1;
  let fieldLength = 0;
  let fieldStarted = false;
  let quoted = false;
  let closed = false;
  let blank = true;
  let empty = true;
  let blanks = 0;
  let rows = 0;
  let headerEnd = 0;

  /** One more character in the field; true when it is now longer than a cell may be. */
  const tooLong = () => ++fieldLength > limits.maxCellChars;

  /** The record ends before `next` (the first character after its line ending). */
  const endRecord = (next: number): Census | null => {
    if (empty) return null;
    if (header) {
      if (fields > limits.maxColumns) return { verdict: 'tooManyColumns' };
      header = false;
      headerEnd = next;
    } else if (blank) {
      blanks += 1;
      if (blanks > limits.maxBlankRecords) return { verdict: 'tooManyBlankRecords', headerEnd };
    } else {
      rows += 1;
      if (rows > limits.maxRows) return LEAVE;
    }
    fields = 1;
    fieldLength = 0;
    fieldStarted = false;
    closed = false;
    blank = true;
    empty = true;
    return null;
  };

  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (quoted) {
      if (code === QUOTE) {
        if (text.charCodeAt(at + 1) === QUOTE) at += 1;
        else {
          quoted = false;
          closed = true;
          continue;
        }
      }
      blank = false;
      if (tooLong()) return LEAVE;
      continue;
    }
    if (code === CR || code === LF) {
      const crlf = code === CR && text.charCodeAt(at + 1) === LF;
      const found = crlf ? 'crlf' : code === LF ? 'lf' : null;
      if (found === null) return LEAVE;
      ending ??= found;
      if (found !== ending) return LEAVE;
      if (crlf) at += 1;
      const verdict = endRecord(at + 1);
      if (verdict) return verdict;
      continue;
    }
    empty = false;
    if (code === comma) {
      fields += 1;
      fieldLength = 0;
      fieldStarted = false;
      closed = false;
      continue;
    }
    if (closed) return LEAVE;
    if (code === QUOTE) {
      if (fieldStarted) return LEAVE;
      quoted = true;
      fieldStarted = true;
      blank = false;
      continue;
    }
    fieldStarted = true;
    if (tooLong()) return LEAVE;
    if (code !== SPACE && code !== TAB) blank = false;
  }
  if (quoted) return LEAVE;
  const verdict = endRecord(text.length);
  if (verdict) return verdict;
  return !header && blanks === 0 && rows === 0 ? { verdict: 'headerOnly', headerEnd } : LEAVE;
}
