import type { ClientSettingsInput, OAuthClient } from '@omnia/contracts/developer';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage, message } from '@/lib/messages';
import { updateClientSettings } from '../api';

/** Saves some of a client's settings; a success or failure toast either way. */
export function useSaveSettings(clientId: string, onSaved: (client: OAuthClient) => void) {
  const [saving, setSaving] = useState(false);
  async function save(input: ClientSettingsInput): Promise<boolean> {
    setSaving(true);
    try {
      onSaved(await updateClientSettings(clientId, input));
      toast.success(message('clientSettingsSaved'));
      return true;
    } catch (err) {
      toast.error(errorMessage(err, 'clientSettingsFailure'));
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { saving, save };
}
