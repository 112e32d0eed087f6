import type { Writable } from 'node:stream';
import sharp from 'sharp';
import { THUMBNAIL_SIZE, type AttachmentType } from '@goc/contracts';

/*
 * A small WebP of an image, made while it uploads. sharp's prebuilt libvips reads JPEG, PNG and WebP;
 * HEIC (HEVC) is not in it, so an iPhone photo is kept without a preview (`hasThumbnail: false`).
 */

const IMAGE_TYPES: readonly AttachmentType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

export interface ThumbnailMaker {
  /** Feeds the image's bytes in order. */
  input: Writable;
  /** The thumbnail, or null when the image could not be read. */
  result(): Promise<{ data: Buffer; type: string } | null>;
}

/** A thumbnail pipeline for an image type, or null for documents. */
export function thumbnailMaker(type: AttachmentType): ThumbnailMaker | null {
  if (!IMAGE_TYPES.includes(type)) return null;
  const pipeline = sharp({ failOn: 'none', limitInputPixels: 100_000_000, sequentialRead: true })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 });
  const output = pipeline.toBuffer().then(
    (data) => ({ data, type: 'image/webp' }),
    () => null,
  );
  // A broken image must not fail the upload: its error surfaces as a null result.
  pipeline.on('error', () => undefined);
  return { input: pipeline, result: () => output };
}
