import { z } from 'zod';
import { booleanFlag } from '../../lib/env';
import { defineConfig } from '../../lib/modules';

/** The addresses a host name resolves to (dns.lookup with all: true). */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface WebhookSettings {
  /**
   * GOC_WEBHOOK_ALLOW_PRIVATE: plain http and loopback, private and link-local addresses allowed.
   * For tests and local receivers only — never in production (it opens the server's network to
   * whoever may create a webhook).
   */
  allowPrivate: boolean;
  /** Wait after each failed attempt, in order; one more attempt than delays, then the delivery fails. */
  retryDelaysMs: readonly number[];
  /** A receiver answers within this or the attempt fails. */
  timeoutMs: number;
  /** A webhook whose deliveries all fail for this long is deactivated and its creator told. */
  deactivateAfterMs: number;
  resolve: HostResolver;
  /** The clock of signatures and of a failing webhook's days (tests move it instead of waiting). */
  now: () => number;
}

declare module '../../lib/modules' {
  interface ModuleSettings {
    /** Webhook deliveries (docs/integrations.md); defaults in deliveries.ts. */
    webhooks?: Partial<WebhookSettings>;
  }
}

/** GOC_WEBHOOK_ALLOW_PRIVATE. */
export const integrationsConfig = defineConfig({
  env: z.object({ GOC_WEBHOOK_ALLOW_PRIVATE: booleanFlag('GOC_WEBHOOK_ALLOW_PRIVATE').optional() }),
  settings: (e) => ({ webhooks: { allowPrivate: e.GOC_WEBHOOK_ALLOW_PRIVATE ?? false } }),
});
