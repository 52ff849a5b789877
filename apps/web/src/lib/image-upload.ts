import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@omnia/contracts/constants';
import { errorText } from './messages';

/** The file types the picture fields offer (the server's list). */
export const IMAGE_ACCEPT = UPLOAD_MIME_TYPES.join(',');

/** Whether the browser can draw the file as a picture (a renamed or broken file cannot). */
async function decodes(file: File): Promise<boolean> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth > 0;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * What the server would refuse about a picked picture, said as soon as it is picked, in the
 * server's own words: its type as the browser reads it, its size (a refused 5 MB body is not worth
 * sending), or content no decoder can read. The server still checks the content itself (what it
 * refuses beyond this is said at the field when the form is sent).
 */
export async function imageProblem(file: File): Promise<string | null> {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type))
    return errorText('unsupported_media_type');
  if (file.size > UPLOAD_MAX_BYTES) return errorText('image_too_large');
  if (!(await decodes(file))) return errorText('invalid_image');
  return null;
}
