import { deleteAccountSchema } from '@omnia/contracts/auth';
import { rule } from '@omnia/contracts/messages';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { BreakableIn, SLOT } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { useDeleteAccount } from '../api';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';

/** The account's own address, typed to confirm (as the server compares it: trimmed, any case). */
const isAddress = (typed: string, email: string) => typed.trim().toLowerCase() === email.toLowerCase();

/**
 * Settings → Account → Delete account: the address typed and the password; everything of the
 * account goes (its apps and every access it gave too), and this browser is signed out.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'deleteAccount' });
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { withStepUp, dialog } = useStepUp();
  const remove = useDeleteAccount(withStepUp);
  const schema = deleteAccountSchema.refine((v) => isAddress(v.email, email), {
    ...rule('deleteAccountConfirmMismatch'),
    path: ['email'],
  });
  return (
    <Card className="space-y-3 border-destructive/40 p-6" data-testid="delete-account">
      <h2 className="text-base font-semibold">{t('title')}</h2>
      <p className="text-sm text-muted-foreground">{t('body')}</p>
      <PasswordConfirmDialog
        trigger={
          <Button variant="destructive">
            <Trash2 />
            {t('open')}
          </Button>
        }
        title={t('title')}
        description={t('warning')}
        schema={schema}
        address={{
          autoComplete: 'off',
          label: <BreakableIn sentence={t('typeEmail', { email: SLOT })} value={email} />,
        }}
        ready={(v) => isAddress(v.email, email) && Boolean(v.password)}
        send={remove.mutateAsync}
        pending={remove.isPending}
        onSent={async () => {
          await signOut().catch(() => undefined);
          toast.success(t('done'));
          navigate('/', { replace: true });
        }}
        texts={{ password: t('password'), cancel: t('cancel'), submit: t('confirm'), busy: t('busy') }}
        submitVariant="destructive"
        stepUpDialog={dialog}
      />
    </Card>
  );
}
