import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { NotificationBell } from '@/components/notifications/NotificationBell';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { OmniaMark } from '@/components/ui/omnia-mark';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useHydratedControl } from '@/lib/hydration';
import { message } from '@/lib/messages';
import { useMyProfile } from '@/lib/profile';
import { LanguageSwitcher } from './LanguageSwitcher';
import { type NavLink as NavItem, SIGNED_IN_LINKS } from './nav-links';
import { UserMenu } from './UserMenu';

const linkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    active ? 'bg-primary/15 text-primary' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
  );

function ItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const label = item.labelKey ? t(item.labelKey) : item.label;
  if (item.external)
    return (
      <a
        href={item.to}
        target="_blank"
        rel="noopener noreferrer"
        className={linkClass(false)}
        onClick={onNavigate}
      >
        {label}
      </a>
    );
  return (
    <NavLink to={item.to} className={({ isActive }) => linkClass(isActive)} onClick={onNavigate}>
      {label}
    </NavLink>
  );
}

/** SPEC top navigation: service links, bell and avatar menu when signed in; Login and Sign Up when not. */
export function TopNav() {
  const { t } = useTranslation('common');
  const { session, signOut } = useAuth();
  const profile = useMyProfile().data;
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const control = useHydratedControl();
  const [openedAt, setOpenedAt] = useState(location.key);
  // Any navigation closes the mobile menu.
  if (open && openedAt !== location.key) setOpen(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes it too, and gives focus back to the button that opened it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const logout = async () => {
    try {
      await signOut();
      toast.success(message('signOutSuccess'));
      await navigate('/');
    } catch {
      toast.error(message('signOutFailure'));
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" aria-label={t('nav.home')} className="flex items-center gap-2 font-bold tracking-tight">
          <OmniaMark className="size-8" />
          <span className="text-lg">{PRODUCT_NAME}</span>
        </Link>
        {session ? (
          <nav aria-label={t('nav.main')} className="hidden flex-1 items-center gap-1 md:flex">
            {SIGNED_IN_LINKS.map((item) => (
              <ItemLink key={item.label} item={item} />
            ))}
          </nav>
        ) : (
          <div className="flex-1" />
        )}
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher className="hidden md:inline-flex" />
          {session ? (
            <>
              <NotificationBell userId={session.user.id} />
              <div className="hidden md:block">
                <UserMenu
                  username={profile?.username}
                  fullName={profile?.full_name}
                  avatarUrl={profile?.avatar_url}
                  onLogout={logout}
                />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{t('nav.login')}</Link>
              </Button>
              <Button asChild variant="brand" size="sm">
                <Link to="/signup">{t('nav.signUp')}</Link>
              </Button>
            </div>
          )}
          <button
            ref={toggleRef}
            type="button"
            {...control}
            className="rounded-md p-2 md:hidden"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => {
              setOpen(!open);
              setOpenedAt(location.key);
            }}
          >
            {open ? <X className="size-5" /> : <Menu className="size-5" />}
          </button>
        </div>
      </div>
      {open ? (
        <nav
          id="mobile-menu"
          aria-label={t('nav.mobile')}
          className="border-t border-border/60 px-4 py-3 md:hidden"
        >
          {session ? (
            <div className="flex flex-col gap-1">
              <div className="mb-2 flex items-center gap-3 px-3">
                <Avatar src={profile?.avatar_url} fullName={profile?.full_name} className="size-9 text-sm" />
                <span className="min-w-0 truncate font-semibold">
                  {profile?.username?.trim() || t('user')}
                </span>
              </div>
              {SIGNED_IN_LINKS.map((item) => (
                <ItemLink key={item.label} item={item} onNavigate={() => setOpen(false)} />
              ))}
              <div className="my-2 h-px bg-border" />
              <LanguageSwitcher showLabel className="self-start px-3" />
              <ItemLink item={{ label: t('nav.profile'), to: '/profile' }} />
              <ItemLink item={{ label: t('nav.settings'), to: '/settings' }} />
              <ItemLink item={{ label: t('nav.developers'), to: '/dev-program/oauth2' }} />
              <button type="button" className={cn(linkClass(false), 'text-left')} onClick={logout}>
                {t('nav.logout')}
              </button>
            </div>
          ) : (
            <div className="flex flex-col gap-2">
              <LanguageSwitcher showLabel className="self-start" />
              <Button asChild variant="ghost">
                <Link to="/login">{t('nav.login')}</Link>
              </Button>
              <Button asChild variant="brand">
                <Link to="/signup">{t('nav.signUp')}</Link>
              </Button>
            </div>
          )}
        </nav>
      ) : null}
    </header>
  );
}
