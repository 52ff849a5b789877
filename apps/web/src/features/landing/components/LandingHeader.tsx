import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LanguageSwitcher } from '@/components/layout/LanguageSwitcher';
import { UserMenu } from '@/components/layout/UserMenu';
import { Button } from '@/components/ui/button';
import { OmniaMark } from '@/components/ui/omnia-mark';
import { useAuth } from '@/lib/auth';
import { message } from '@/lib/messages';
import { useMyProfile } from '@/lib/profile';

/**
 * The landing page's header: Login and Get Started for visitors (SPEC), and for someone already
 * signed in, their Dashboard and account menu instead (the pre-rendered page is signed out; it
 * switches once the session is restored).
 */
export function LandingHeader() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('common');
  const { session, signOut } = useAuth();
  const profile = useMyProfile().data;
  const logout = async () => {
    try {
      await signOut();
      toast.success(message('signOutSuccess'));
    } catch {
      toast.error(message('signOutFailure'));
    }
  };
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/75 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" aria-label={t('nav.home')} className="flex items-center gap-2 font-bold tracking-tight">
          <OmniaMark className="size-8" />
          <span className="text-lg">{PRODUCT_NAME}</span>
        </Link>
        <nav className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher />
          {session ? (
            <>
              <Button asChild variant="brand" size="sm">
                <Link to="/dashboard">{tc('nav.dashboard')}</Link>
              </Button>
              <UserMenu
                username={profile?.username}
                fullName={profile?.full_name}
                avatarUrl={profile?.avatar_url}
                onLogout={() => void logout()}
              />
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{t('nav.login')}</Link>
              </Button>
              <Button asChild variant="brand" size="sm">
                <Link to="/signup">{t('nav.getStarted')}</Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
