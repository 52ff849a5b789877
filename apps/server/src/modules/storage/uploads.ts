import type { Context } from 'hono';
import { AppError } from '../../errors';
import { MAX_IMAGE_BYTES } from './image';

/** Reads the `file` field of a multipart upload; the body limit sits in front of this. */
export async function readUploadedFile(
  c: Context,
  field = 'file',
): Promise<{ bytes: Uint8Array; name: string }> {
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
