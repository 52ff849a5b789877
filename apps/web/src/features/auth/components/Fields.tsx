import { Lock, Mail } from 'lucide-react';
import { Input, type InputProps } from '@/components/ui/input';

/** The e-mail and password inputs every auth form uses, with their icons and autocomplete. */
export function EmailField(props: Omit<InputProps, 'type'>) {
  return <Input type="email" autoComplete="email" leftIcon={<Mail />} {...props} />;
}

export function PasswordField({ isNew = false, ...props }: Omit<InputProps, 'type'> & { isNew?: boolean }) {
  return (
    <Input
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      leftIcon={<Lock />}
      {...props}
    />
  );
}
