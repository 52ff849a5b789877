import { INTRO_ANIMATION_MS, INTRO_ANIMATION_STAGES_MS, INTRO_PARTICLES } from '@omnia/contracts/constants';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OmniaMark } from '@/components/ui/omnia-mark';

/**
 * First-visit intro: stages at 1, 2, 3 and 4 s (the last one is the welcome message), done at 5 s.
 * Particles are decorative and deterministic so the page renders the same every time.
 */
export function IntroAnimation({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('landing');
  const steps = t('intro.steps', { returnObjects: true }) as string[];
  const [stage, setStage] = useState(0);
  useEffect(() => {
    const timers = INTRO_ANIMATION_STAGES_MS.map((ms, i) => setTimeout(() => setStage(i + 1), ms));
    timers.push(setTimeout(onDone, INTRO_ANIMATION_MS));
    return () => timers.forEach(clearTimeout);
  }, [onDone]);
  const particles = useMemo(
    () =>
      Array.from({ length: INTRO_PARTICLES }, (_, i) => ({
        left: `${(i * 37) % 100}%`,
        top: `${(i * 53 + 11) % 100}%`,
        size: 4 + ((i * 7) % 8),
        delay: `${(i % 10) * 0.25}s`,
      })),
    [],
  );
  const welcome = stage >= INTRO_ANIMATION_STAGES_MS.length;
  const text = stage === 0 ? '' : welcome ? t('intro.welcome') : steps[stage - 1];
  return (
    <div
      data-testid="intro-animation"
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center overflow-hidden bg-background"
    >
      {particles.map((p) => (
        <span
          key={`${p.left}-${p.top}`}
          aria-hidden="true"
          data-testid="intro-particle"
          className="absolute rounded-full bg-gradient-to-br from-brand-from to-brand-to opacity-60 motion-safe:animate-[ping_2.5s_ease-out_infinite]"
          style={{ left: p.left, top: p.top, width: p.size, height: p.size, animationDelay: p.delay }}
        />
      ))}
      <OmniaMark className="size-20 motion-safe:animate-[pulse_2s_ease-in-out_infinite]" />
      <p
        key={stage}
        data-testid="intro-stage"
        data-stage={stage}
        className={`mt-8 h-10 text-center text-2xl font-bold tracking-tight motion-safe:animate-[fade-in_0.5s_ease-out] sm:text-3xl ${welcome ? 'bg-gradient-to-r from-brand-from to-brand-to bg-clip-text text-transparent' : ''}`}
      >
        {text}
      </p>
      <div className="mt-6 flex gap-2" aria-hidden="true">
        {INTRO_ANIMATION_STAGES_MS.map((ms, i) => (
          <span
            key={ms}
            className={`h-1.5 w-8 rounded-full transition-colors ${i < stage ? 'bg-primary' : 'bg-muted'}`}
          />
        ))}
      </div>
      <button
        type="button"
        onClick={onDone}
        className="absolute right-6 bottom-6 cursor-pointer text-sm text-muted-foreground underline-offset-4 hover:underline"
      >
        {t('intro.skip')}
      </button>
    </div>
  );
}
