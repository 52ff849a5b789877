import { useTranslation } from 'react-i18next';
import { EmptyNotice } from './components/EmptyNotice';
import { PageLayout } from './components/PageLayout';

export function BlogPage() {
  const { t } = useTranslation('pages');
  return (
    <PageLayout eyebrow={t('blog.eyebrow')} title={t('blog.title')} lead={t('blog.lead')}>
      <EmptyNotice body={t('blog.body')} link={t('blog.contact')} />
    </PageLayout>
  );
}
