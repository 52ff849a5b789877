import { UPLOAD_MAX_BYTES } from '@omnia/contracts/constants';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../errors';
import { jpegScanCount } from './jpeg-scans';

export const MAX_IMAGE_BYTES = UPLOAD_MAX_BYTES;
// One libvips thread per picture: with one picture at a time per process (pictures.ts), the
// other core stays free for sign-ins.
sharp.concurrency(1);

/** Larger pictures are scaled down to fit this box; nothing is enlarged. */
const MAX_DIMENSION = 1024;
/** A 24-megapixel camera's picture, and no larger: decoding holds all of it in memory. */
const MAX_INPUT_PIXELS = 25_000_000;
/** Scans a real JPEG has (progressive ones about ten); more only make the decoding slow. */
const MAX_JPEG_SCANS = 64;
/** No picture takes longer to clean; one that does is refused as unreadable. */
const CLEAN_SECONDS = 10;

const ACCEPTED = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
type AcceptedMime = keyof typeof ACCEPTED;

export interface CleanImage {
  bytes: Uint8Array;
  ext: (typeof ACCEPTED)[AcceptedMime];
  contentType: AcceptedMime;
}

/**
 * Checks an upload by its content (never its name or declared type) and re-encodes it with sharp,
 * which drops EXIF and other metadata and bounds its size. Anything else, SVG included, is refused.
 */
export async function cleanImage(bytes: Uint8Array): Promise<CleanImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new AppError('image_too_large');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(detected.mime in ACCEPTED)) throw new AppError('unsupported_media_type');
  const contentType = detected.mime as AcceptedMime;
  const ext = ACCEPTED[contentType];
  if (contentType === 'image/jpeg' && jpegScanCount(bytes) > MAX_JPEG_SCANS)
    throw new AppError('invalid_image');
  try {
    const pipeline = sharp(bytes, {
      animated: contentType === 'image/gif',
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .timeout({ seconds: CLEAN_SECONDS })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    const out =
      ext === 'png'
        ? pipeline.png()
        : ext === 'jpg'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : ext === 'webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.gif();
    return { bytes: await out.toBuffer(), ext, contentType };
  } catch (cause) {
    throw new AppError('invalid_image', { cause });
  }
}
