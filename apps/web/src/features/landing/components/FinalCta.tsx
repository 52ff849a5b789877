import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function FinalCta() {
  const { t } = useTranslation('landing');
  return (
    <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-fill-from to-brand-fill-to px-6 py-14 text-center text-white shadow-2xl shadow-primary/25 sm:px-12">
        {/* A glow in the gradient's own deep colour: a light one lowers the text's contrast where it passes. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-brand-fill-from/50 blur-3xl"
        />
        <h2 className="relative text-3xl font-bold tracking-tight sm:text-4xl">{t('cta.title')}</h2>
        <p className="relative mx-auto mt-3 max-w-xl text-white/85">{t('cta.body')}</p>
        <Button asChild size="lg" className="relative mt-8 bg-white text-violet-700 hover:bg-white/90">
          <Link to="/signup">
            {t('cta.button')}
            <ArrowRight />
          </Link>
        </Button>
      </div>
    </section>
  );
}
