import type { PasswordStrength } from '@omnia/contracts/password-strength';
import { useEffect, useState } from 'react';

type Estimator = typeof import('@omnia/contracts/password-strength');
let loading: Promise<Estimator> | undefined;

/**
 * The server's password rule (contracts/password-strength.ts), loaded on the screens that set a
 * password only: its dictionaries are large, and no other page needs them.
 */
function loadPasswordStrength(): Promise<Estimator> {
  loading ??= import('@omnia/contracts/password-strength');
  return loading;
}

/** The rule's answer for a password: why it would be refused (a message key), or null. */
export async function passwordProblem(password: string, personal: readonly string[]) {
  return (await loadPasswordStrength()).passwordStrength(password, personal).problem;
}

/** The strength of what is being typed (null while empty or while the rule loads). */
export function usePasswordStrength(password: string, personal: readonly string[]): PasswordStrength | null {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  const key = personal.join('\n');
  useEffect(() => {
    if (!password) {
      setStrength(null);
      return;
    }
    let current = true;
    void loadPasswordStrength().then(({ passwordStrength }) => {
      if (current) setStrength(passwordStrength(password, key ? key.split('\n') : []));
    });
    return () => {
      current = false;
    };
  }, [password, key]);
  return strength;
}
