import { config } from 'zod';

/*
 * Imported before anything that declares a schema. zod probes `new Function` at its first object
 * schema to compile faster parsers; the production Content-Security-Policy forbids eval, so the
 * probe only fails — and DevTools reports it as a CSP violation (Lighthouse best practices,
 * «inspector-issues»). Without eval the parsers are the same either way: the probe is turned off.
 */
config({ jitless: true });
