import type { ClientSettingsInput, OAuthClient } from '@omnia/contracts/developer';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage, message } from '@/lib/messages';
import { updateClientSettings } from '../api';

/** Saves some of a client's settings; a success or failure toast either way. */
export function useSaveSettings(clientId: string, onSaved: (client: OAuthClient) => void) {
  const mutation = useMutation({
    mutationFn: (input: ClientSettingsInput) => updateClientSettings(clientId, input),
    onSuccess: (client) => {
      onSaved(client);
      toast.success(message('clientSettingsSaved'));
    },
    onError: (err) => toast.error(errorMessage(err, 'clientSettingsFailure')),
  });
  /** True when the settings were saved. */
  const save = (input: ClientSettingsInput) =>
    mutation.mutateAsync(input).then(
      () => true,
      () => false,
    );
  return { saving: mutation.isPending, save };
}
