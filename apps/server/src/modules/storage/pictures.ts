import type { Db } from '../../db/connect';
import { consumeQuotas, createRateLimiter, type RateRule, rateLimited } from '../ratelimit';
import { type CleanImage, cleanImage } from './image';
import { createSerialQueue } from './serial-queue';

/*
 * Cleaning a picture decodes it whole: a small file of a large plain image holds a core for a third
 * of a second and tens of MB. So every attempt of an account counts (a refused picture too), and
 * each process cleans one picture at a time with a few waiting behind it: uploads cannot take the
 * cores that sign-ins need.
 */
const PICTURE_ATTEMPTS: RateRule = { points: 60, windowSeconds: 3600 };
const WAITING_PICTURES = 8;
const BUSY_RETRY_SECONDS = 5;

const pictures = createSerialQueue(WAITING_PICTURES, () => rateLimited(BUSY_RETRY_SECONDS, 'picturesBusy'));

export type CleanPicture = (userId: string, bytes: Uint8Array) => Promise<CleanImage>;

/** An account's upload (an avatar, an app's logo) as a clean picture: cleanImage, counted and queued. */
export async function cleanPictureOf(db: Db, userId: string, bytes: Uint8Array): Promise<CleanImage> {
  await consumeQuotas(
    createRateLimiter(db),
    [[`picture-uploads:${userId}`, PICTURE_ATTEMPTS]],
    'pictureUploadLimit',
  );
  return pictures.run(() => cleanImage(bytes));
}
