import { z } from 'zod';
import { DEFAULT_ATTACHMENT_MAX_MB } from '@goc/contracts';
import { optionalText } from '../../lib/env';
import { defineConfig } from '../../lib/modules';

/** An S3-compatible object store for attachment contents (docs/attachments.md). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface AttachmentSettings {
  /** Largest file accepted, in MB (HTTP 413 beyond). */
  maxMb: number;
  /** Where new files go: the database unless an object store is configured. */
  s3?: S3Settings | undefined;
}

export const DEFAULT_ATTACHMENT_SETTINGS: AttachmentSettings = { maxMb: DEFAULT_ATTACHMENT_MAX_MB };

declare module '../../lib/modules' {
  interface ModuleSettings {
    attachments: AttachmentSettings;
  }
}

const S3_VARIABLES = ['GOC_S3_ENDPOINT', 'GOC_S3_BUCKET', 'GOC_S3_ACCESS_KEY_ID', 'GOC_S3_SECRET_ACCESS_KEY'] as const;

/** GOC_ATTACHMENT_MAX_MB and the object store's GOC_S3_*: all of them, or none (a half-configured store is an error, not the database). */
export const attachmentsConfig = defineConfig({
  env: z.object({
    GOC_ATTACHMENT_MAX_MB: z.coerce
      .number({ error: 'GOC_ATTACHMENT_MAX_MB debe ser un número' })
      .int('GOC_ATTACHMENT_MAX_MB debe ser un número entero')
      .min(1, 'GOC_ATTACHMENT_MAX_MB debe estar entre 1 y 1024')
      .max(1024, 'GOC_ATTACHMENT_MAX_MB debe estar entre 1 y 1024')
      .default(DEFAULT_ATTACHMENT_MAX_MB),
    GOC_S3_ENDPOINT: optionalText.refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), 'GOC_S3_ENDPOINT debe ser una URL http:// o https://'),
    GOC_S3_BUCKET: optionalText,
    GOC_S3_REGION: optionalText,
    GOC_S3_ACCESS_KEY_ID: optionalText,
    GOC_S3_SECRET_ACCESS_KEY: optionalText,
  }),
  settings(e) {
    const missing = S3_VARIABLES.filter((name) => e[name] === undefined);
    if (missing.length > 0 && missing.length < S3_VARIABLES.length) {
      return missing.map((name) => `${name}: falta; el almacenamiento S3 necesita ${S3_VARIABLES.join(', ')}`);
    }
    const s3 =
      e.GOC_S3_ENDPOINT && e.GOC_S3_BUCKET && e.GOC_S3_ACCESS_KEY_ID && e.GOC_S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.GOC_S3_ENDPOINT,
            bucket: e.GOC_S3_BUCKET,
            region: e.GOC_S3_REGION ?? 'us-east-1',
            accessKeyId: e.GOC_S3_ACCESS_KEY_ID,
            secretAccessKey: e.GOC_S3_SECRET_ACCESS_KEY,
          }
        : undefined;
    return { attachments: { maxMb: e.GOC_ATTACHMENT_MAX_MB, s3 } };
  },
});
