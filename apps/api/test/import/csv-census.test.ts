import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@goc/contracts';
import { csvCensus, type Census, type CensusLimits } from '../../src/lib/import/csv-census';

/*
 * The census may only say what csv-parse, reading the whole text with the reader's options, would
 * find first: checked on random texts of delimiters, spaces, quotes, letters and every kind of line
 * ending, with limits small enough for random texts to reach them.
 */

const LIMITS: CensusLimits = { maxColumns: 4, maxBlankRecords: 3, maxRows: 5, maxCellChars: 6 };

type Finding = 'tooManyColumns' | 'tooManyBlankRecords' | 'headerOnly' | 'other';

const OPTIONS = { delimiter: ',', bom: true, relax_column_count: true, skip_empty_lines: true } as const;

/**
 * What the reader meets first, record by record as csv-parse gives them (a later error in the text is
 * not reached once something is found), with the header it read; null: csv-parse failed first.
 */
function oracle(text: string): { finding: Finding; header: string[] | null } | null {
  let finding: Finding | null = null;
  let header: string[] | null = null;
  let blanks = 0;
  let rows = 0;
  const judge = (record: string[]): Finding | null => {
    if (header === null) {
      header = record;
      return record.length > LIMITS.maxColumns ? 'tooManyColumns' : null;
    }
    if (record.some((cell) => cell.length > LIMITS.maxCellChars)) return 'other';
    if (record.every((cell) => cell.trim() === '')) return ++blanks > LIMITS.maxBlankRecords ? 'tooManyBlankRecords' : null;
    return ++rows > LIMITS.maxRows ? 'other' : null;
  };
  try {
    parse(text, {
      ...OPTIONS,
      on_record: (record: string[]) => {
        finding ??= judge(record);
        return null;
      },
    });
  } catch {
    if (finding === null) return null;
  }
  if (finding === null) finding = header !== null && rows === 0 && blanks === 0 ? 'headerOnly' : 'other';
  return { finding, header };
}

const piece = fc.constantFrom(',', ',', ',', ' ', '\t', '"', '""', 'a', 'bc', '\n', '\n', '\n', '\r\n', '\r');
const texts = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));

describe('the CSV census', () => {
  it('never says what a whole reading would not find first', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const census: Census = csvCensus(text, ',', LIMITS);
        if (census.verdict === 'read') return;
        const expected = oracle(text);
        expect(expected?.finding, JSON.stringify(text)).toBe(census.verdict);
        // The header alone, cut where the census says its line ends, reads as the same header.
        if (census.verdict !== 'tooManyColumns') expect(parse(text.slice(0, census.headerEnd), OPTIONS), JSON.stringify(text)).toEqual([expected?.header]);
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers the costly shapes without leaving them to the parser', () => {
    expect(csvCensus(`${','.repeat(99_999)}\n${'x\n'.repeat(4_000)}`, ',', IMPORT_LIMITS)).toEqual({ verdict: 'tooManyColumns' });
    expect(csvCensus(`clave,nombre\r\n${',\r\n'.repeat(1_000_000)}`, ',', IMPORT_LIMITS)).toEqual({ verdict: 'tooManyBlankRecords', headerEnd: 14 });
    expect(csvCensus(`clave;nombre\n${'\n'.repeat(1_000_000)}`, ';', IMPORT_LIMITS)).toEqual({ verdict: 'headerOnly', headerEnd: 13 });
  });

  it('leaves to the reader what it cannot follow exactly', () => {
    // A quote inside an unquoted field, a line ending other than the first, blank-looking lines in quotes.
    expect(csvCensus(`a,b\nx"y\n${',\n'.repeat(30_000)}`, ',', IMPORT_LIMITS)).toEqual({ verdict: 'read' });
    expect(csvCensus(`a,b\r\n,\n${',\r\n'.repeat(30_000)}`, ',', IMPORT_LIMITS)).toEqual({ verdict: 'read' });
    expect(csvCensus(`a,b\n"${',\n'.repeat(10_000)}"\n`, ',', IMPORT_LIMITS)).toEqual({ verdict: 'read' });
  });
});
