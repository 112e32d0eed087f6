import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { THUMBNAIL_SIZE, type AttachmentType } from '@goc/contracts';

/*
 * A small WebP of an image, made at upload. sharp's prebuilt libvips reads JPEG, PNG and WebP; HEIC
 * (HEVC) is not in it, so an iPhone photo is kept without a preview (`hasThumbnail: false`).
 *
 * The photo is spooled to a temporary file as it arrives and libvips reads it from there: fed from a
 * stream, sharp collects the whole file in memory first (25 MB per upload at the limit), while from
 * a file it decodes sequentially, a JPEG already shrunk on load.
 */

const IMAGE_TYPES: readonly AttachmentType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

// Every photo is decoded once: libvips' operation cache (up to 50 MB by default) would only hold memory.
sharp.cache(false);

export interface ThumbnailMaker {
  /** Feeds the image's bytes in order; resolves once they are in the spool file. */
  write(data: Buffer): Promise<void>;
  /** The thumbnail, or null when the image could not be read. Deletes the spool file. */
  finish(): Promise<{ data: Buffer; type: string } | null>;
  /** Deletes the spool file (the upload failed). */
  discard(): Promise<void>;
}

/** A thumbnail maker for an image type, or null for documents. */
export async function thumbnailMaker(type: AttachmentType): Promise<ThumbnailMaker | null> {
  if (!IMAGE_TYPES.includes(type)) return null;
  const path = join(tmpdir(), `goc-miniatura-${randomUUID()}`);
  const file = await open(path, 'wx', 0o600);
  let isOpen = true;
  const close = async () => {
    if (isOpen) {
      isOpen = false;
      await file.close();
    }
  };
  const discard = async () => {
    await close().catch(() => undefined);
    await rm(path, { force: true });
  };
  return {
    write: (data) => file.writeFile(data),
    async finish() {
      try {
        await close();
        const data = await sharp(path, { failOn: 'none', limitInputPixels: 100_000_000, sequentialRead: true })
          .rotate()
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 70 })
          .toBuffer();
        return { data, type: 'image/webp' };
      } catch {
        // A broken image must not fail the upload: it just has no preview.
        return null;
      } finally {
        await discard();
      }
    },
    discard,
  };
}
