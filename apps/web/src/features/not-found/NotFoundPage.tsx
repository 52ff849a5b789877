import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { TopNav } from '@/components/layout/TopNav';
import { Button } from '@/components/ui/button';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';

/**
 * Any path the router does not know. The server answers such paths with status 404 and this page
 * pre-rendered (the same for every path: it shows nothing of the path, it only logs it), inside
 * the site's navigation and footer like the other public pages.
 */
export function NotFoundPage() {
  useScreenTitle('notFound');
  const { t } = useTranslation('common');
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <TopNav />
      <main id="main-content" tabIndex={-1} className="flex flex-1 items-center justify-center px-6 py-24">
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
      <SiteFooter />
    </div>
  );
}
export { NotFoundPage as Component };
