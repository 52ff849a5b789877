import { API } from '@omnia/contracts/api';
import type { DeleteAccountInput } from '@omnia/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { BreakableIn, SLOT } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ApiError, api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/messages';

/**
 * Settings → Account → Delete account: the address typed and the password; everything of the
 * account goes (its apps and every access it gave too), and this browser is signed out.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'deleteAccount' });
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { withStepUp, dialog } = useStepUp();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'email' | 'password'; text: string } | null>(null);
  const remove = useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      withStepUp(() => api<void>(API.me.account, { method: 'DELETE', body: input })),
    onSuccess: async () => {
      setOpen(false);
      await signOut().catch(() => undefined);
      toast.success(t('done'));
      navigate('/', { replace: true });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'step_up_required') return;
      const field = err instanceof ApiError && err.code === 'wrong_password' ? 'password' : 'email';
      setError({ field, text: errorMessage(err, 'unexpectedError') });
    },
  });
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches && password) remove.mutate({ email: typed, password });
  };
  return (
    <Card className="space-y-3 border-destructive/40 p-6" data-testid="delete-account">
      <h2 className="text-base font-semibold">{t('title')}</h2>
      <p className="text-sm text-muted-foreground">{t('body')}</p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (remove.isPending) return;
          setTyped('');
          setPassword('');
          setError(null);
          setOpen(next);
        }}
      >
        <DialogTrigger asChild>
          <Button variant="destructive">
            <Trash2 />
            {t('open')}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('warning')}</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={submit} className="space-y-4">
            <Input
              label={<BreakableIn sentence={t('typeEmail', { email: SLOT })} value={email} />}
              autoComplete="off"
              value={typed}
              error={error?.field === 'email' ? error.text : undefined}
              onChange={(e) => {
                setTyped(e.target.value);
                setError(null);
              }}
            />
            <Input
              type="password"
              autoComplete="current-password"
              label={t('password')}
              value={password}
              error={error?.field === 'password' ? error.text : undefined}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(null);
              }}
            />
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={remove.isPending}
                onClick={() => setOpen(false)}
              >
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                variant="destructive"
                disabled={!matches || !password || remove.isPending}
              >
                {remove.isPending ? t('busy') : t('confirm')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
        {dialog}
      </Dialog>
    </Card>
  );
}
