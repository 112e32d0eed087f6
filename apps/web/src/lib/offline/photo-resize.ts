/*
 * Photos are made smaller on the phone before they are kept for the outbox (docs/offline.md): a
 * phone camera's 12 MP JPEG of 4–6 MB becomes about 0.5 MB, which fits in the phone's storage
 * and goes up on a weak signal. Other files (PDFs) are kept as they are.
 */

/** The longest side of a kept photo, in pixels. */
export const PHOTO_MAX_SIDE = 2048;
const JPEG_QUALITY = 0.85;

/** The size a photo is drawn at: within PHOTO_MAX_SIDE on its longest side, proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface KeptFile {
  bytes: ArrayBuffer;
  type: string;
  name: string;
}

const jpegName = (name: string) => `${name.replace(/\.[^.]+$/, '') || 'foto'}.jpg`;

/** A photo as a JPEG within PHOTO_MAX_SIDE (the camera's orientation applied); anything else, or a browser that cannot draw it, as it came. */
export async function fileToKeep(file: File): Promise<KeptFile> {
  const asIs = async (): Promise<KeptFile> => ({ bytes: await file.arrayBuffer(), type: file.type, name: file.name });
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml' || typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return asIs();
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) return asIs();
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    return { bytes: await blob.arrayBuffer(), type: 'image/jpeg', name: jpegName(file.name) };
  } catch {
    // A format the browser cannot decode (HEIC outside Safari): the server takes it as it is.
    return asIs();
  }
}
