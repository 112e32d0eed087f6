import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type S3rver from 's3rver';
import type { S3Settings } from '../../src/modules/attachments/settings';

/*
 * A local S3-compatible server (s3rver, from npm) on loopback, for the object-store tests. When it
 * cannot start, the tests that need it are skipped and say why.
 */

export interface LocalS3 {
  settings: S3Settings;
  /** Is there an object under this key? */
  has(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The server with one bucket, or the reason it could not start (the caller skips its tests). */
export async function startLocalS3(bucket: string): Promise<LocalS3 | string> {
  let directory = '';
  let server: S3rver | null = null;
  try {
    const { default: S3rverServer } = await import('s3rver');
    directory = mkdtempSync(join(tmpdir(), 'goc-s3-'));
    server = new S3rverServer({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    const settings: S3Settings = { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const running = server;
    return {
      settings,
      async has(key) {
        try {
          await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        client.destroy();
        await running.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.close().catch(() => undefined);
    if (directory) rmSync(directory, { recursive: true, force: true });
    return `no se pudo iniciar el servidor S3 local: ${(error as Error).message}`;
  }
}
