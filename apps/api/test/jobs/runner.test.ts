import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/*
 * The running runner (as in production: started, woken by nudges): a nudge while every slot of a
 * queue is busy must not leave the queue marked as claiming — drain() and close() would then wait
 * on it for ever, spinning. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const ran: number[] = [];
let release: (() => void) | null = null;
let started: (() => void) | null = null;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: (app) =>
      app.register(async (instance) => {
        instance.jobs.define({
          name: 'pruebas.una-a-la-vez',
          maxAttempts: 1,
          timeoutMs: 10_000,
          concurrency: 1,
          backoff: { baseMs: 0, maxMs: 0 },
          async handle(payload) {
            ran.push(Number(payload.n));
            if (payload.n === 1) {
              started?.();
              await new Promise<void>((resolve) => {
                release = resolve;
              });
            }
          },
        });
      }),
  });
});
afterAll(async () => t?.close());

describe('lib/jobs runner', () => {
  it('a nudge while the only slot is busy is a pass that claims nothing; the queue then goes on and drains', async () => {
    const first = new Promise<void>((resolve) => {
      started = resolve;
    });
    await t.app.jobs.enqueue(t.db, 'pruebas.una-a-la-vez', [{ payload: { n: 1 } }]);
    t.app.jobs.nudge('pruebas.una-a-la-vez');
    await first;
    // Its one slot is taken: this nudge's pass finds no room.
    await t.app.jobs.enqueue(t.db, 'pruebas.una-a-la-vez', [{ payload: { n: 2 } }]);
    t.app.jobs.nudge('pruebas.una-a-la-vez');
    release?.();
    await t.app.jobs.drain();
    expect(ran).toEqual([1, 2]);
  }, 20_000);
});
