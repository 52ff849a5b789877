import { KeyRound, LayoutGrid, ShieldCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageLayout } from './components/PageLayout';

const ICONS = [LayoutGrid, KeyRound, ShieldCheck, Sparkles];

export function AboutPage() {
  const { t } = useTranslation('pages');
  const sections = t('about.sections', { returnObjects: true }) as { title: string; body: string }[];
  return (
    <PageLayout eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.lead')}>
      <div className="grid gap-5 sm:grid-cols-2">
        {sections.map((section, i) => {
          const Icon = ICONS[i % ICONS.length] ?? Sparkles;
          return (
            <section key={section.title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-gradient-to-br from-brand-from to-brand-to text-white shadow-md shadow-primary/25">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-lg font-semibold">{section.title}</h2>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{section.body}</p>
            </section>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="brand" size="lg">
          <Link to="/signup">{t('signUp')}</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/privacy">{t('footer:links.privacy')}</Link>
        </Button>
      </div>
    </PageLayout>
  );
}
