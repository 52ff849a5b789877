import { CELEBRATION_STEP_DELAYS_MS } from '@omnia/contracts/constants';
import { PartyPopper, Rocket, Sparkles, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

const ICONS = [Rocket, PartyPopper, Star, Sparkles];

/** Launch celebration: 0.5 s to step 1, then 2 s to step 2, then 3 s to step 3; Skip jumps to the end. */
function CelebrationModal({ onClose, onExplore }: { onClose: () => void; onExplore: () => void }) {
  const { t } = useTranslation('landing');
  const steps = t('celebration.steps', { returnObjects: true }) as string[];
  const bodies = t('celebration.bodies', { returnObjects: true }) as string[];
  const last = steps.length - 1;
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= last) return;
    const delay = CELEBRATION_STEP_DELAYS_MS[step] ?? 0;
    const timer = setTimeout(() => setStep((s) => s + 1), delay);
    return () => clearTimeout(timer);
  }, [step, last]);
  const Icon = ICONS[step] ?? Sparkles;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="celebration" className="overflow-hidden text-center sm:max-w-md">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-gradient-to-b from-brand-from/25 to-transparent"
        />
        <span className="relative mx-auto flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-fill-from to-brand-fill-to text-white shadow-lg shadow-primary/30">
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <DialogTitle data-testid="celebration-step" className="relative text-2xl font-bold" key={step}>
          {steps[step]}
        </DialogTitle>
        <DialogDescription className="relative">{bodies[step]}</DialogDescription>
        <div className="flex justify-center gap-1.5" aria-hidden="true">
          {steps.map((s, i) => (
            <span key={s} className={`h-1.5 w-6 rounded-full ${i <= step ? 'bg-primary' : 'bg-muted'}`} />
          ))}
        </div>
        {step === last ? (
          <Button variant="brand" size="lg" onClick={onExplore}>
            {t('celebration.explore')}
          </Button>
        ) : (
          <button
            type="button"
            onClick={() => setStep(last)}
            className="mx-auto cursor-pointer text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            {t('celebration.skip')}
          </button>
        )}
      </DialogContent>
    </Dialog>
  );
}
export default CelebrationModal;
