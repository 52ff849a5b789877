import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useHydratedControl } from '@/lib/hydration';
import { fieldError } from '@/lib/messages';

export interface InputProps extends Omit<ComponentProps<'input'>, 'size'> {
  label?: ReactNode;
  /** Shown under the field with a red border (SPEC §3 text input). */
  error?: string | undefined;
  leftIcon?: ReactNode;
  rightIcon?: ReactNode;
}

/** Text input with label, error text, left/right icons and a visibility toggle for passwords. */
export function Input({
  label,
  error,
  leftIcon,
  rightIcon,
  type = 'text',
  className,
  id,
  ...props
}: InputProps) {
  const { t } = useTranslation('common');
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);
  const control = useHydratedControl();
  const isPassword = type === 'password';
  return (
    <div className="space-y-1.5">
      {label ? (
        <label htmlFor={inputId} className="block text-sm font-medium text-foreground">
          {label}
        </label>
      ) : null}
      <div className="relative">
        {leftIcon ? (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground [&_svg]:size-4">
            {leftIcon}
          </span>
        ) : null}
        <input
          id={inputId}
          type={isPassword && visible ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'flex h-10 w-full rounded-md border border-input bg-background/60 px-3 py-2 text-sm text-foreground shadow-sm transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
            leftIcon ? 'pl-9' : undefined,
            rightIcon || isPassword ? 'pr-10' : undefined,
            error
              ? 'border-destructive focus-visible:border-destructive focus-visible:ring-destructive/30'
              : undefined,
            className,
          )}
          {...props}
        />
        {isPassword ? (
          <button
            type="button"
            {...control}
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
          >
            {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
          </button>
        ) : rightIcon ? (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground [&_svg]:size-4">
            {rightIcon}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {fieldError(error)}
        </p>
      ) : null}
    </div>
  );
}
