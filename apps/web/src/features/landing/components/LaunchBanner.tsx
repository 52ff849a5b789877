import { Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useHydratedControl } from '@/lib/hydration';

/** Dismissal lasts for this page load only (SPEC): plain component state. */
export function LaunchBanner({ onExplore }: { onExplore: () => void }) {
  const { t } = useTranslation('landing');
  const [open, setOpen] = useState(true);
  const control = useHydratedControl();
  if (!open) return null;
  return (
    <section
      aria-label={t('banner.cta')}
      className="relative bg-gradient-to-r from-brand-fill-from to-brand-fill-to px-4 py-2.5 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-2 pr-8 text-sm">
        <p className="flex items-center gap-2 text-center font-medium">
          <Sparkles className="size-4 shrink-0" aria-hidden="true" />
          {t('banner.text')}
        </p>
        <Button
          size="sm"
          variant="secondary"
          className="h-8 bg-white/95 text-violet-700 hover:bg-white"
          onClick={onExplore}
        >
          {t('banner.cta')}
        </Button>
      </div>
      <button
        type="button"
        {...control}
        onClick={() => setOpen(false)}
        aria-label={t('banner.dismiss')}
        className="absolute top-1/2 right-3 -translate-y-1/2 cursor-pointer rounded p-1 text-white/85 hover:bg-white/15 hover:text-white"
      >
        <X className="size-4" />
      </button>
    </section>
  );
}
