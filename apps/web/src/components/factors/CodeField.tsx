import type { SecondStepCode } from '@omnia/contracts/sign-in';
import { KeyRound } from 'lucide-react';
import { Input, type InputProps } from '@/components/ui/input';

/**
 * A one-time code: the authenticator's six digits (numeric keyboard, the browser's one-time-code
 * autofill) or a recovery code (letters, dashes).
 */
export function CodeField({ kind, ...props }: Omit<InputProps, 'type'> & { kind: SecondStepCode }) {
  return (
    <Input
      type="text"
      autoComplete="one-time-code"
      inputMode={kind === 'totp' ? 'numeric' : 'text'}
      maxLength={kind === 'totp' ? 6 : 20}
      spellCheck={false}
      autoCapitalize={kind === 'totp' ? undefined : 'characters'}
      leftIcon={<KeyRound />}
      {...props}
    />
  );
}
