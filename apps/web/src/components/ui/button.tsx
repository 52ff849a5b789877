import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useHydratedControl } from '@/lib/hydration';

const buttonVariants = cva(
  'inline-flex cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        brand:
          'bg-gradient-to-r from-brand-fill-from to-brand-fill-to text-white shadow-lg shadow-brand-from/25 hover:opacity-95',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-transparent hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, disabled, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  // On a pre-rendered screen a button can do nothing before hydration: a submit button is disabled
  // (or the browser would submit the form itself, a GET with its fields), any other is announced
  // as unavailable (no visual change for the moment it lasts).
  const control = useHydratedControl();
  const waiting = control['aria-disabled'] === true;
  const own = asChild
    ? { disabled }
    : type === 'submit'
      ? { type, disabled: disabled || waiting }
      : { type: type ?? 'button', disabled, ...control };
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...own} {...props} />;
}
