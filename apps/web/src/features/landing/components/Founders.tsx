import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

interface FounderQuote {
  quote: string;
  name: string;
  role: string;
  initials: string;
}

export function Founders() {
  const { t } = useTranslation('landing');
  const quotes = t('founders.quotes', { returnObjects: true }) as FounderQuote[];
  return (
    <section aria-labelledby="founders-title" className="border-y border-border/60 bg-muted/30">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="founders-title" title={t('founders.title')} subtitle={t('founders.subtitle')} />
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {quotes.map((f) => (
            <figure key={f.name} className="relative rounded-xl border border-border bg-card p-8 shadow-sm">
              <Quote className="absolute top-6 right-6 size-8 text-primary/20" aria-hidden="true" />
              <blockquote className="text-lg leading-relaxed">“{f.quote}”</blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-11 items-center justify-center rounded-full bg-gradient-to-br from-brand-fill-from to-brand-fill-to font-semibold text-white"
                >
                  {f.initials}
                </span>
                <span>
                  <span className="block font-semibold">{f.name}</span>
                  <span className="block text-sm text-muted-foreground">{f.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
