import { ONBOARDING_STEPS } from '@omnia/contracts/constants';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** The three-step onboarding progress indicator. */
export function StepIndicator({ active, labels }: { active: number; labels: string[] }) {
  const { t } = useTranslation('common');
  return (
    <ol
      className="mb-2 flex items-center justify-center gap-2"
      aria-label={t('stepOf', { step: active, total: ONBOARDING_STEPS })}
    >
      {labels.slice(0, ONBOARDING_STEPS).map((label, i) => {
        const step = i + 1;
        return (
          <li key={label} className="flex items-center gap-2">
            <span
              aria-current={step === active ? 'step' : undefined}
              className={cn(
                'flex size-7 items-center justify-center rounded-full text-xs font-semibold',
                step <= active ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
            >
              {step}
            </span>
            <span className="sr-only">{label}</span>
            {step < ONBOARDING_STEPS ? <span aria-hidden="true" className="h-px w-8 bg-border" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
