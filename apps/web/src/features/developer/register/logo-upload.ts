import { errorMessage } from '@/lib/messages';
import { LogoUploadFailed } from '../api';

/** The words shown at the logo field for a refused logo; null for any other failure. */
export function logoRefusal(error: unknown): string | null {
  return error instanceof LogoUploadFailed ? errorMessage(error.reason, 'logoUploadFailure') : null;
}
