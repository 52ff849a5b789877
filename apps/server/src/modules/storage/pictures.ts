import type { Db } from '../../db/connect';
import { consumeQuotas, createRateLimiter, exhausted, type RateRule, rateLimited } from '../ratelimit';
import { type CleanImage, cleanImage } from './image';
import { createSerialQueue } from './serial-queue';

/*
 * Cleaning a picture decodes it whole: a small file of a large plain image holds a core for a
 * fraction of a second and a few hundred MB at most (image.ts bounds its pixels, its scans and its
 * time). So every attempt of an account counts, a refused picture too; each process cleans one
 * picture at a time, with a few waiting behind it and at most one of each account: uploads cannot
 * take the cores sign-ins need, nor one account the whole queue.
 */
const PICTURE_ATTEMPTS: RateRule = { points: 60, windowSeconds: 3600 };
const WAITING_PICTURES = 8;
const BUSY_RETRY_SECONDS = 5;

export type CleanPicture = (userId: string, bytes: Uint8Array) => Promise<CleanImage>;

/**
 * A process's picture cleaner: `clean` cleans a picture; each call's `count` counts the account's
 * attempt (and throws past its budget) once the picture has its place in the queue, and an
 * attempt past the budget gives the place back at once. A busy queue, or the account's picture
 * already in it, is refused at once and counts no attempt: waiting out others costs nothing.
 * `assertRoomFor` says the same before an upload is read.
 */
export function createPictureCleaner(
  clean: (bytes: Uint8Array) => Promise<CleanImage>,
  waiting = WAITING_PICTURES,
) {
  const busy = () => rateLimited(BUSY_RETRY_SECONDS, 'picturesBusy');
  const queue = createSerialQueue(waiting, busy);
  const inQueue = new Set<string>();
  const cleanOne = async (
    userId: string,
    bytes: Uint8Array,
    count: () => Promise<void>,
  ): Promise<CleanImage> => {
    if (inQueue.has(userId)) throw busy();
    // The place is taken in this turn (a full queue refuses at once); counted then, outside the
    // queue's turn, an attempt past the budget gives its place back at once.
    const place = queue.reserve();
    inQueue.add(userId);
    try {
      try {
        await count();
      } catch (err) {
        place.release();
        throw err;
      }
      return await place.run(() => clean(bytes));
    } finally {
      inQueue.delete(userId);
    }
  };
  /** Throws what `clean` would for a busy queue, before the upload is read (it checks again). */
  const assertRoomFor = (userId: string) => {
    if (inQueue.has(userId) || queue.full()) throw busy();
  };
  return Object.assign(cleanOne, { assertRoomFor });
}

// One per process: it shares out this process's cores, whichever database an upload counts in.
const processCleaner = createPictureCleaner(cleanImage);

const attemptsKey = (userId: string) => `picture-uploads:${userId}`;

/** An account's upload (an avatar, an app's logo) as a clean picture, counted in `db`. */
export const cleanPictureOf = (db: Db, userId: string, bytes: Uint8Array): Promise<CleanImage> =>
  processCleaner(userId, bytes, () =>
    consumeQuotas(createRateLimiter(db), [[attemptsKey(userId), PICTURE_ATTEMPTS]], 'pictureUploadLimit'),
  );

/**
 * An upload refused before its picture could be cleaned (no file in it, a broken or oversized
 * body): it was read all the same, so it counts as an attempt too.
 */
export async function countRefusedUpload(db: Db, userId: string): Promise<void> {
  await createRateLimiter(db).hit(attemptsKey(userId), PICTURE_ATTEMPTS);
}

/**
 * Refuses an account whose picture attempts are spent, or whose picture would find this process's
 * queue full, before its upload is read (cleanPictureOf checks both again: this only spares
 * reading a body that would be refused).
 */
export async function assertPictureAttemptsLeft(db: Db, userId: string): Promise<void> {
  processCleaner.assertRoomFor(userId);
  const state = await createRateLimiter(db).peek(attemptsKey(userId));
  if (exhausted(state, PICTURE_ATTEMPTS)) throw rateLimited(state.resetInSeconds, 'pictureUploadLimit');
}
