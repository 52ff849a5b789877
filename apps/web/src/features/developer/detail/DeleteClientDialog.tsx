import { deleteClientSchema, type OAuthClient } from '@omnia/contracts/developer';
import { useTranslation } from 'react-i18next';
import { useStepUp } from '@/components/factors/use-step-up';
import { useDeleteClient } from '../api';
import { DeleteByNameDialog } from '../components/DeleteByNameDialog';

/**
 * 'Delete app' behind a typed confirmation (the app's name): every sign-in and token of the app
 * ends for all its users, and it leaves their Connected apps.
 */
export function DeleteClientDialog({ client, onDeleted }: { client: OAuthClient; onDeleted(): void }) {
  const { t } = useTranslation('developer');
  const { withStepUp, dialog } = useStepUp();
  const remove = useDeleteClient(client.id, withStepUp);
  const app = client.name;
  return (
    <DeleteByNameDialog
      name={app}
      schema={deleteClientSchema}
      mismatch="appDeleteConfirmMismatch"
      texts={{
        open: t('delete.open'),
        title: t('delete.title', { app }),
        body: t('delete.body', { app }),
        typeName: t('delete.typeName', { app }),
        confirm: t('delete.confirm'),
        deleting: t('delete.deleting'),
        cancel: t('detail.cancel'),
        done: t('delete.done', { app }),
      }}
      remove={remove.mutateAsync}
      busy={remove.isPending}
      stepUp={dialog}
      onDeleted={onDeleted}
    />
  );
}
