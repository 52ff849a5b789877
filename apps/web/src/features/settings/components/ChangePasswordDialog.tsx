import { zodResolver } from '@hookform/resolvers/zod';
import { API, type OkResponse } from '@omnia/contracts/api';
import { type ChangePasswordInput, changePasswordSchema } from '@omnia/contracts/auth';
import { MESSAGES } from '@omnia/contracts/messages';
import { KeyRound, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
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

/** Change Password: asks for the current password; the server checks it. */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api<OkResponse>(API.auth.changePassword, { method: 'POST', body: values });
      toast.success(MESSAGES.resetSuccess);
      form.reset();
      setOpen(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'wrong_password')
        form.setError('currentPassword', { message: err.message });
      else toast.error(err instanceof Error ? err.message : MESSAGES.unexpectedError);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden="true" />
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Enter your current password, then choose a new one.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Input
            type="password"
            label="Current Password"
            autoComplete="current-password"
            leftIcon={<Lock />}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <Input
            type="password"
            label="New Password"
            autoComplete="new-password"
            leftIcon={<Lock />}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <DialogFooter>
            <Button type="submit" variant="brand" disabled={isSubmitting}>
              {isSubmitting ? 'Updating...' : 'Update Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
