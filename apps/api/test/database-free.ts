/**
 * Test files that never open the database the run is given (a test file's own PGlite, or a database
 * of TEST_DATABASE_URL): parsers, pure rules, configuration, and the fault tests that start their own
 * server on a cluster or a data folder of their own. They run with the embedded database only: the
 * PostgreSQL run would repeat them unchanged. test/conventions/database-free.test.ts keeps the list
 * true.
 */
export const DATABASE_FREE_TESTS = [
  'test/access-peers.test.ts',
  'test/config.test.ts',
  'test/conventions/entity-casts.test.ts',
  'test/data-lock.test.ts',
  'test/dates/export-dates.test.ts',
  'test/fault/disk-full.test.ts',
  'test/fault/postgres-restart.test.ts',
  'test/idempotency/fingerprint.test.ts',
  'test/import/csv-census.test.ts',
  'test/import/read.test.ts',
  'test/integrations/address-guard.test.ts',
  'test/orders/rules.test.ts',
  'test/parser-pool.test.ts',
  'test/passwords.test.ts',
] as const;
