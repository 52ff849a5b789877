import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { LEGAL_UPDATED, PageLayout, PageSection } from './components/PageLayout';

export function TermsPage() {
  const { t, i18n } = useTranslation('pages');
  const sections = t('terms.sections', { returnObjects: true }) as { title: string; body: string }[];
  return (
    <PageLayout eyebrow={t('terms.eyebrow')} title={t('terms.title')} lead={t('terms.lead')}>
      {sections.map((section, i) => (
        <PageSection key={section.title} title={`${i + 1}. ${section.title}`}>
          <p>{section.body}</p>
        </PageSection>
      ))}
      <p className="text-sm text-muted-foreground">
        {t('updated', { date: formatDate(LEGAL_UPDATED, i18n.language) })}
      </p>
    </PageLayout>
  );
}
