import { type DeveloperApi, deleteApiSchema } from '@omnia/contracts/apis';
import { useTranslation } from 'react-i18next';
import { useStepUp } from '@/components/factors/use-step-up';
import { DeleteByNameDialog } from '../components/DeleteByNameDialog';
import { useDeleteApi } from './api';

/** 'Delete API' behind its typed name: no app gets a token for it any more. */
export function DeleteApiDialog({
  api,
  userId,
  onDeleted,
}: {
  api: DeveloperApi;
  userId: string;
  onDeleted(): void;
}) {
  const { t } = useTranslation('apis');
  const { withStepUp, dialog } = useStepUp();
  const remove = useDeleteApi(userId, api.id, withStepUp);
  const { name } = api;
  return (
    <DeleteByNameDialog
      name={name}
      schema={deleteApiSchema}
      mismatch="apiDeleteConfirmMismatch"
      texts={{
        open: t('delete.open'),
        title: t('delete.title', { name }),
        body: t('delete.body'),
        typeName: t('delete.typeName', { name }),
        confirm: t('delete.confirm'),
        deleting: t('delete.deleting'),
        cancel: t('cancel'),
        done: t('delete.done', { name }),
      }}
      remove={remove.mutateAsync}
      busy={remove.isPending}
      stepUp={dialog}
      onDeleted={onDeleted}
    />
  );
}
