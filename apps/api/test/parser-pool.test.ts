import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@goc/contracts';
import { AppError } from '../src/lib/errors';
import { readSheetOffThread } from '../src/lib/import/read';
import { runParser, workerFile } from '../src/lib/parser-pool';
import type { Misbehaviour } from './fixtures/misbehaving-parser';

/*
 * A crash is not an outage (issue 46): a parser worker that runs out of memory, exits or throws
 * gives its caller the Spanish «failed» answer and ends only itself — this process goes on and the
 * next file is read; one past its time budget is stopped with the «too slow» answer.
 */

const MISBEHAVING = workerFile(import.meta.url, 'fixtures/misbehaving-parser');
const MESSAGES = { tooSlow: IMPORT_MESSAGES.tooSlow, failed: IMPORT_MESSAGES.readerFailed, busy: IMPORT_MESSAGES.busy };

const run = (how: Misbehaviour, seconds: number) => runParser<never>(MISBEHAVING, how, seconds, MESSAGES);

/** What a call was refused with: the AppError's answer, and why the worker failed (its cause). */
async function refusal(parse: Promise<unknown>): Promise<{ statusCode: number; message: string; cause: Error & { code?: string } }> {
  const error = await parse.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, message, cause } = error as AppError;
  return { statusCode, message, cause: cause as Error & { code?: string } };
}

/** The next file is read as ever. */
async function readsAFile(): Promise<void> {
  const sheet = await readSheetOffThread(Buffer.from('Clave,Nombre\r\nA-1,Uno\r\n'), { maxColumns: IMPORT_LIMITS.maxColumns });
  expect(sheet.headers).toEqual(['Clave', 'Nombre']);
  expect(sheet.rows).toHaveLength(1);
}

describe('parser workers that misbehave', () => {
  // Filling a heap of hundreds of MB and the collections before it gives up take a while on a busy machine.
  it('one that runs out of its heap is answered 400 in Spanish; the process goes on and reads the next file', { timeout: 90_000 }, async () => {
    const { cause, ...answer } = await refusal(run('greedy', 60));
    expect(answer).toEqual({ statusCode: 400, message: IMPORT_MESSAGES.readerFailed });
    expect(cause.code).toBe('ERR_WORKER_OUT_OF_MEMORY');
    await readsAFile();
  });

  it.each([
    ['exits', 'exit', /^worker exited with code: 3$/],
    ['throws an error of its own', 'throw', /^Cannot read properties of undefined$/],
  ] as const)('one that %s is answered 400 in Spanish; the next file is read', async (_title, how, why) => {
    const { cause, ...answer } = await refusal(run(how, 5));
    expect(answer).toEqual({ statusCode: 400, message: IMPORT_MESSAGES.readerFailed });
    expect(cause.message).toMatch(why);
    await readsAFile();
  });

  it('one past its time budget is stopped and answered 413 in Spanish; the next file is read', async () => {
    const { cause, ...answer } = await refusal(run('spin', 1));
    expect(answer).toEqual({ statusCode: 413, message: IMPORT_MESSAGES.tooSlow });
    expect(cause.name).toBe('AbortError');
    await readsAFile();
  });
});
