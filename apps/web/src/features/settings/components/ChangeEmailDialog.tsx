import { API } from '@omnia/contracts/api';
import type { ChangeEmailInput } from '@omnia/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
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
import { pendingEmailChangeQuery } from '../api';

/**
 * Settings → Account → Change email: the new address and the password. A link goes to the new
 * address; until it is used the old one stays (and is told, with a link that cancels).
 */
export function ChangeEmailDialog() {
  const { t } = useTranslation('settings', { keyPrefix: 'changeEmail' });
  const { withStepUp, dialog } = useStepUp();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'email' | 'password'; text: string } | null>(null);
  const change = useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      withStepUp(() => api<{ ok: true }>(API.me.emailChange, { body: input })),
    onSuccess: (_, input) => {
      toast.success(t('sent', { email: input.email.trim() }));
      setOpen(false);
      // The change now waits under the address, with Cancel.
      if (user) void queryClient.invalidateQueries({ queryKey: pendingEmailChangeQuery(user.id).queryKey });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'step_up_required') return;
      const field = err instanceof ApiError && err.code === 'wrong_password' ? 'password' : 'email';
      setError({ field, text: errorMessage(err, 'unexpectedError') });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim() && password) change.mutate({ email, password });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (change.isPending) return;
        setEmail('');
        setPassword('');
        setError(null);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {t('open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('body')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Input
            type="email"
            autoComplete="email"
            label={t('newEmail')}
            value={email}
            error={error?.field === 'email' ? error.text : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
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
              disabled={change.isPending}
              onClick={() => setOpen(false)}
            >
              {t('cancel')}
            </Button>
            <Button type="submit" variant="brand" disabled={change.isPending || !email.trim() || !password}>
              {change.isPending ? t('busy') : t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      {dialog}
    </Dialog>
  );
}
