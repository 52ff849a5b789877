import { errorMessage } from '@/lib/messages';
import { uploadLogo } from '../api';

/** The server refused the logo (its type, its content, its size): nothing was saved. */
export class LogoUploadFailed extends Error {
  constructor(readonly reason: unknown) {
    super('logo upload failed');
  }
}

/** Uploads a chosen logo first, so that its refusal stops the save before anything is written. */
export function uploadChosenLogo(file: File): Promise<string> {
  return uploadLogo(file).catch((reason: unknown) => {
    throw new LogoUploadFailed(reason);
  });
}

/** The words shown at the logo field for a refused logo; null for any other failure. */
export function logoRefusal(error: unknown): string | null {
  return error instanceof LogoUploadFailed ? errorMessage(error.reason, 'logoUploadFailure') : null;
}
