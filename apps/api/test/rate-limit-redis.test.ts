import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@goc/contracts';
import { createTestApp, postLogin, type TestApp } from './helpers/app';

const redisUrl = process.env.TEST_REDIS_URL;

/** With REDIS_URL, every API process counts login attempts in the same place. Needs a Redis (TEST_REDIS_URL). */
describe.skipIf(!redisUrl)('per-IP throttling shared through Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { redisUrl, auth: { loginRateLimit: { max: 2, windowMs: 60_000 } } } });
  });
  afterAll(async () => t?.close());

  it('counts attempts made on two API processes together', async () => {
    const second = await t.variant({ redisUrl, auth: { loginRateLimit: { max: 2, windowMs: 60_000 } } });
    const ip = `10.${randomInt(250)}.${randomInt(250)}.${randomInt(250)}`;
    expect((await postLogin(t.app, 'nadie', 'x', ip)).statusCode).toBe(401);
    expect((await postLogin(second, 'nadie', 'x', ip)).statusCode).toBe(401);
    const third = await postLogin(t.app, 'nadie', 'x', ip);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(MESSAGES.tooManyAttempts);
  });
});
