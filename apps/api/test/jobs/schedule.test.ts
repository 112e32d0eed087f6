import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { every } from '../../src/lib/jobs/slots';
import type { ScheduleDefinition } from '../../src/lib/jobs/types';
import { createTestApp, type TestApp } from '../helpers/app';
import { until } from '../helpers/until';

/*
 * Recurring jobs of lib/jobs (app.jobs.schedule) on a real database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): each slot runs once whichever processes run the schedule, a slot whose
 * attempts are spent is dead while the next slot is still queued. The daily backup's schedule:
 * test/ops/backup.test.ts.
 */

let t: TestApp;
let other: FastifyInstance;

/** Slots each app ran, by queue. */
const ran: { app: string; queue: string; slot: string }[] = [];

function clock(app: string): ScheduleDefinition {
  return {
    name: 'pruebas.reloj',
    next: every(400),
    maxAttempts: 1,
    timeoutMs: 5_000,
    backoff: { baseMs: 0, maxMs: 0 },
    handle: async ({ slot }) => void ran.push({ app, queue: 'pruebas.reloj', slot }),
  };
}

let failingOn = true;
const failing: ScheduleDefinition = {
  name: 'pruebas.falla',
  next: (after) => (failingOn ? every(300)(after) : null),
  maxAttempts: 2,
  timeoutMs: 5_000,
  backoff: { baseMs: 0, maxMs: 0 },
  handle: async ({ slot }) => {
    ran.push({ app: 'a', queue: 'pruebas.falla', slot });
    throw new Error(`sin servicio (${slot})`);
  },
};

beforeAll(async () => {
  t = await createTestApp({
    prepare: (app) =>
      app.register(async (instance) => {
        instance.jobs.schedule(clock('a'));
        instance.jobs.schedule(failing);
      }),
    build: { events: { settings: { pollMs: 100 } } },
  });
  // A second process running the same schedule.
  other = await t.variant({}, (app) => app.register(async (instance) => instance.jobs.schedule(clock('b'))), { events: { settings: { pollMs: 100 } } });
});
afterAll(async () => {
  await t?.close();
});

const pendingOf = (queue: string) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, queue), eq(jobs.state, 'pending')))
    .orderBy(jobs.id);


describe('schedules', () => {
  it('each slot runs once across two processes, and the next slot is always queued', async () => {
    await until(() => new Set(ran.filter((r) => r.queue === 'pruebas.reloj').map((r) => r.slot)).size >= 3, 10_000);
    await other.close();
    const slots = ran.filter((r) => r.queue === 'pruebas.reloj').map((r) => r.slot);
    expect(new Set(slots).size).toBe(slots.length);
    for (const slot of slots) expect(Date.parse(slot) % 400).toBe(0);
    const waiting = await pendingOf('pruebas.reloj');
    expect(waiting.length).toBeLessThanOrEqual(1);
  });

  it('a slot whose attempts are spent is dead with its error while the next slot is queued; off drops the waiting one', async () => {
    const rowsOf = () => t.db.select().from(jobs).where(eq(jobs.queue, 'pruebas.falla')).orderBy(jobs.id);
    await until(async () => {
      const rows = await rowsOf();
      const dead = rows.find((r) => r.state === 'dead');
      return dead !== undefined && rows.some((r) => r.state === 'pending' && String(r.payload.slot) > String(dead.payload.slot));
    }, 10_000);
    const dead = (await rowsOf()).find((r) => r.state === 'dead')!;
    const slot = String(dead.payload.slot);
    expect(dead).toMatchObject({ key: 'schedule', attempts: 2, lastError: `sin servicio (${slot})` });
    expect(ran.filter((r) => r.queue === 'pruebas.falla' && r.slot === slot)).toHaveLength(2);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(Number(/^goc_jobs_dead\{queue="pruebas\.falla"\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/^goc_jobs_attempts_total\{queue="pruebas\.falla",outcome="failed"\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);

    failingOn = false;
    await until(async () => (await rowsOf()).every((r) => r.state === 'dead'), 10_000);
  });
});
