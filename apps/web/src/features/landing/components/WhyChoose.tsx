import { HardDrive, Layers, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

const FEATURES = [
  { key: 'security', Icon: ShieldCheck },
  { key: 'storage', Icon: HardDrive },
  { key: 'environments', Icon: Layers },
] as const;

export function WhyChoose() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="why-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <SectionHeading id="why-title" title={t('why.title')} subtitle={t('why.subtitle')} />
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <article key={key} className="rounded-xl border border-border bg-card p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-lg bg-gradient-to-br from-brand-fill-from to-brand-fill-to text-white shadow-md shadow-primary/25">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{t(`why.${key}.title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`why.${key}.body`)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
