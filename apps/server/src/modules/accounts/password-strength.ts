import { MESSAGES } from '@omnia/contracts/messages';
import { passwordStrength } from '@omnia/contracts/password-strength';
import { AppError } from '../../errors';

/**
 * The rule after the SPEC's password rules, the same the forms apply: a common or trivially
 * guessable password is refused with the reason, under the password field.
 */
export function assertStrongPassword(password: string, personal: readonly string[]): void {
  const { problem } = passwordStrength(password, personal);
  if (!problem) return;
  const message = MESSAGES[problem];
  throw new AppError('weak_password', { message, fields: { password: message } });
}
