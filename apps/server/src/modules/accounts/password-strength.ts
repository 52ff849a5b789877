import { passwordStrength } from '@omnia/contracts/password-strength';
import { AppError } from '../../errors';

/**
 * The rule after the SPEC's password rules, the same the forms apply: a common or trivially
 * guessable password is refused with the reason, under the password field.
 */
export function assertStrongPassword(password: string, personal: readonly string[]): void {
  const { problem } = passwordStrength(password, personal);
  if (!problem) return;
  throw new AppError('weak_password', { messageKey: problem, fields: { password: problem } });
}
