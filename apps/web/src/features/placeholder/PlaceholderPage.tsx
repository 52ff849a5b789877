import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * Stands for a screen that a later issue builds; it names the screen. It shows inside the signed-in
 * frame, whose <main> holds it (one <main> per page).
 */
export function PlaceholderPage({ name }: { name: string }) {
  const { t } = useTranslation('common');
  useDocumentTitle(name);
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">{t('placeholder', { name })}</h1>
      <p className="text-muted-foreground">{t('comingSoonPage', { name })}</p>
      <Link to="/" className="text-primary underline-offset-4 hover:underline">
        {t('returnHome')}
      </Link>
    </div>
  );
}
