import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { factorsQuery, type WithStepUp } from '@/lib/factors';
import { ConfirmItsYouDialog } from './ConfirmItsYouDialog';

/**
 * Sensitive actions with step-up: `withStepUp(action)` runs it, and when the server answers
 * step_up_required, asks 'Confirm it's you' (a code when the account has a second factor, else the
 * password) and runs it again. Cancelling rejects with the server's step_up_required error.
 * The caller renders `dialog`.
 */
export function useStepUp(): { withStepUp: WithStepUp; dialog: ReactNode } {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const factors = useQuery(factorsQuery(user?.id));
  const [open, setOpen] = useState(false);
  const pending = useRef<{ resolve(): void; reject(): void } | null>(null);

  const confirmed = useCallback(
    (err: unknown) =>
      new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject: () => reject(err) };
        setOpen(true);
      }),
    [],
  );
  const withStepUp = useCallback(
    async <T,>(action: () => Promise<T>, options: { always?: boolean } = {}): Promise<T> => {
      // Some actions confirm it's you every time, however fresh the sign-in (turning two-step off).
      if (options.always) await confirmed(new ApiError(403, 'step_up_required'));
      try {
        return await action();
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== 'step_up_required') throw err;
        await confirmed(err);
        return action();
      }
    },
    [confirmed],
  );

  const close = (confirmed: boolean) => {
    setOpen(false);
    const waiting = pending.current;
    pending.current = null;
    if (confirmed) {
      void queryClient.invalidateQueries({ queryKey: factorsQuery(user?.id).queryKey });
      waiting?.resolve();
    } else waiting?.reject();
  };

  const dialog = (
    <ConfirmItsYouDialog
      open={open}
      withCode={factors.data?.totp.enabled === true}
      hasRecoveryCodes={(factors.data?.recovery_codes.remaining ?? 0) > 0}
      hasPasskeys={(factors.data?.passkeys.length ?? 0) > 0}
      onConfirmed={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { withStepUp, dialog };
}

/** The person cancelled 'Confirm it's you': nothing failed, so nothing is said. */
export const cancelledConfirmation = (err: unknown): boolean =>
  err instanceof ApiError && err.code === 'step_up_required';
