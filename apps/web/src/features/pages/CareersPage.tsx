import { useTranslation } from 'react-i18next';
import { EmptyNotice } from './components/EmptyNotice';
import { PageLayout } from './components/PageLayout';

export function CareersPage() {
  const { t } = useTranslation('pages');
  return (
    <PageLayout eyebrow={t('careers.eyebrow')} title={t('careers.title')} lead={t('careers.lead')}>
      <EmptyNotice body={t('careers.body')} more={t('careers.follow')} link={t('careers.contact')} />
    </PageLayout>
  );
}
