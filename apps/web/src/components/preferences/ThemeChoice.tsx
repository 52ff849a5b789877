import type { Theme } from '@omnia/contracts/constants';
import { Moon, Sun } from 'lucide-react';
import { cn } from '@/lib/cn';

const THEME_OPTIONS: { value: Theme; icon: typeof Sun }[] = [
  { value: 'dark', icon: Moon },
  { value: 'light', icon: Sun },
];

/** Dark or light, as two radio cards (onboarding and Settings). */
export function ThemeChoice({
  legend,
  labels,
  value,
  onChange,
  name = 'theme',
}: {
  legend: string;
  labels: Record<Theme, string>;
  value: Theme;
  onChange(theme: Theme): void;
  name?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">
        {THEME_OPTIONS.map(({ value: option, icon: Icon }) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-lg border p-3 text-sm font-medium focus-within:ring-2 focus-within:ring-ring/40',
              value === option ? 'border-primary bg-primary/10' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            <Icon className="size-4" aria-hidden="true" />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
