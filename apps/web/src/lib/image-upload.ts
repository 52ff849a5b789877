import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@omnia/contracts/constants';
import { errorText } from './messages';

/** The file types the picture fields offer (the server's list). */
export const IMAGE_ACCEPT = UPLOAD_MIME_TYPES.join(',');

/**
 * What the server would refuse about a picked picture, said before it is sent, in the server's own
 * words: its type as the browser reads it, or its size (a refused 5 MB body is not worth sending).
 * The server still checks the content (a renamed file is refused there, and said at the field).
 */
export function imageProblem(file: File): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type))
    return errorText('unsupported_media_type');
  if (file.size > UPLOAD_MAX_BYTES) return errorText('image_too_large');
  return null;
}
