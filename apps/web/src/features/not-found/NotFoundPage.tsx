import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';

export function NotFoundPage() {
  useScreenTitle('notFound');
  const { t } = useTranslation('common');
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main id="main-content" tabIndex={-1} className="flex min-h-dvh items-center justify-center px-6">
      <div className="text-center">
        <h1 className="bg-gradient-to-r from-brand-from to-brand-to bg-clip-text text-7xl font-extrabold tracking-tight text-transparent">
          {message('notFoundHeading')}
        </h1>
        <p className="mt-4 text-xl text-muted-foreground">{message('notFoundText')}</p>
        <Button asChild variant="brand" size="lg" className="mt-8">
          <Link to="/">{t('returnHome')}</Link>
        </Button>
      </div>
    </main>
  );
}
export { NotFoundPage as Component };
