import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE_TESTS } from '../database-free';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** What a test file uses to reach the run's database: the test app, a test database, or the server's address. */
const REACHES_THE_DATABASE = /createTestApp|createTestDatabase|helpers\/database|TEST_DATABASE_URL|openDatabase|openPglite/;

describe('the test files run only with the embedded database', () => {
  it.each(DATABASE_FREE_TESTS)('%s never opens the database the run is given', (file) => {
    expect(readFileSync(join(API_DIR, file), 'utf8')).not.toMatch(REACHES_THE_DATABASE);
  });
});
