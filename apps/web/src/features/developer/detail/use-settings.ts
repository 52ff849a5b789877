import type { ClientSettingsInput, OAuthClient } from '@omnia/contracts/developer';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelledConfirmation, useStepUp } from '@/components/factors/use-step-up';
import { ApiError } from '@/lib/api';
import { errorMessage, message } from '@/lib/messages';
import { useUpdateClientSettings } from '../api';

/**
 * Saves some of a client's settings after 'Confirm it's you' when the sign-in is not fresh; a
 * success or failure toast either way (a new post-logout URI of an approved app waits for review).
 * A form passes `refuse` to show the server's refusal of its fields under them (true when it
 * showed one): then no toast. The caller renders `dialog`.
 */
export function useSaveSettings(clientId: string, onSaved: (client: OAuthClient) => void) {
  const { t } = useTranslation('developer');
  const { withStepUp, dialog } = useStepUp();
  const mutation = useUpdateClientSettings(clientId, withStepUp, {
    onSuccess: (client) => {
      onSaved(client);
      if (client.pending_change?.post_logout_redirect_uris) toast.success(t('review.savedForReview'));
      else toast.success(message('clientSettingsSaved'));
    },
  });
  /** True when the settings were saved. */
  const save = (input: ClientSettingsInput, refuse?: (fields: Record<string, string>) => boolean) =>
    mutation.mutateAsync(input).then(
      () => true,
      (err: unknown) => {
        if (cancelledConfirmation(err)) return false;
        if (!(err instanceof ApiError && refuse?.(err.fields)))
          toast.error(errorMessage(err, 'clientSettingsFailure'));
        return false;
      },
    );
  return { saving: mutation.isPending, save, dialog };
}
