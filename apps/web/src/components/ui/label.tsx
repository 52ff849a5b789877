import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is associated by htmlFor at the call site.
  return <label className={cn('text-sm font-medium leading-none text-foreground', className)} {...props} />;
}
