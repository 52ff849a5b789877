import type { PasswordStrength } from '@omnia/contracts/password-strength';
import { useEffect, useState } from 'react';

type Estimator = typeof import('@omnia/contracts/password-strength');
let loading: Promise<Estimator> | undefined;

/**
 * The server's password rule (contracts/password-strength.ts), loaded on the screens that set a
 * password only: its dictionaries are large, and no other page needs them.
 */
function loadPasswordStrength(): Promise<Estimator> {
  // A failed download is not kept: the next use tries again.
  loading ??= import('@omnia/contracts/password-strength').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * The rule's answer for a password: why it would be refused (a message key), or null. Null too when
 * the rule could not be downloaded: the form is sent, and the server, which holds the same rule,
 * says why it refuses.
 */
export async function passwordProblem(password: string, personal: readonly string[]) {
  try {
    return (await loadPasswordStrength()).passwordStrength(password, personal).problem;
  } catch {
    return null;
  }
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
    loadPasswordStrength().then(
      ({ passwordStrength }) => {
        if (current) setStrength(passwordStrength(password, key ? key.split('\n') : []));
      },
      // Not downloaded: the meter stays empty; a submit still gets the server's answer.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [password, key]);
  return strength;
}
