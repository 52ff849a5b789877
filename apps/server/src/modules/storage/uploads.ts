import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { MAX_IMAGE_BYTES } from './image';
import { assertPictureAttemptsLeft, countRefusedUpload } from './pictures';

// Room for the multipart envelope around a 5 MB picture.
const pictureBodyLimit = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError('image_too_large');
  },
});

/**
 * Reads a picture upload, after the guard, for the route (`c.get('upload')`): an account whose
 * picture attempts are spent, or whose own budget of the kind is (`budgetLeft`: an app's logos of
 * the day), is refused before the body is read; a body past a 5 MB picture's is refused as it
 * arrives; a body read and refused (no picture in it) counts as an attempt, as a picture the
 * cleaner refuses does, so nobody sends 5 MB bodies to be read for free.
 */
export function pictureUpload(
  db: Db,
  budgetLeft?: (userId: string) => Promise<void>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = c.get('userId');
    await assertPictureAttemptsLeft(db, userId);
    await budgetLeft?.(userId);
    return pictureBodyLimit(c, async () => {
      try {
        c.set('upload', await readUploadedFile(c));
      } catch (err) {
        await countRefusedUpload(db, userId);
        throw err;
      }
      await next();
    });
  };
}

/** Reads the `file` field of a multipart upload; the body limit sits in front of this. */
async function readUploadedFile(c: Context, field = 'file'): Promise<{ bytes: Uint8Array; name: string }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch (cause) {
    throw new AppError('validation_failed', { messageKey: 'chooseImage', cause });
  }
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0)
    throw new AppError('validation_failed', { messageKey: 'chooseImage' });
  if (file.size > MAX_IMAGE_BYTES) throw new AppError('image_too_large');
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}
