import type { Interest } from '@omnia/contracts/api';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Selectable chips; each is a toggle button so keyboards and screen readers know its state. */
export function InterestChips({
  interests,
  selected,
  onToggle,
}: {
  interests: Interest[];
  selected: ReadonlySet<string>;
  onToggle(name: string): void;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-wrap gap-2">
      {interests.map(({ id, name }) => {
        const on = selected.has(name);
        return (
          <button
            key={id}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(name)}
            className={cn(
              'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
              on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background/60 hover:bg-accent',
            )}
          >
            {on ? <Check className="size-3.5" aria-hidden="true" /> : null}
            {t(`interests.${name}`, { defaultValue: name })}
          </button>
        );
      })}
    </div>
  );
}
