import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { usePasswordStrength } from '@/lib/password-strength';

const SEGMENTS = 4;

/** How guessable the password being typed is, as the server will judge it (0 to 4). */
export function PasswordStrengthMeter({
  password,
  personal,
}: {
  password: string;
  personal: readonly string[];
}) {
  const { t } = useTranslation();
  const strength = usePasswordStrength(password, personal);
  if (!strength) return null;
  const levels = t('passwordStrengthLevels', { returnObjects: true }) as string[];
  const tone = strength.score < 2 ? 'bg-destructive' : strength.score < 3 ? 'bg-amber-500' : 'bg-emerald-500';
  return (
    <div className="space-y-1" data-testid="password-strength" data-score={strength.score}>
      <div className="flex gap-1" aria-hidden="true">
        {Array.from({ length: SEGMENTS }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments
            key={i}
            className={cn('h-1.5 flex-1 rounded-full bg-muted', i < Math.max(1, strength.score) && tone)}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {t('passwordStrength', { level: levels[strength.score] ?? '' })}
      </p>
    </div>
  );
}
