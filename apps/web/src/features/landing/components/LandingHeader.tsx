import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/layout/LanguageSwitcher';
import { Button } from '@/components/ui/button';
import { OmniaMark } from '@/components/ui/omnia-mark';

export function LandingHeader() {
  const { t } = useTranslation('landing');
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/75 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" aria-label={t('nav.home')} className="flex items-center gap-2 font-bold tracking-tight">
          <OmniaMark className="size-8" />
          <span className="text-lg">Omnia</span>
        </Link>
        <nav className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher />
          <Button asChild variant="ghost" size="sm">
            <Link to="/login">{t('nav.login')}</Link>
          </Button>
          <Button asChild variant="brand" size="sm">
            <Link to="/signup">{t('nav.getStarted')}</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
