import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { UserMenu } from '@/components/layout/UserMenu';
import { OmniaMark } from '@/components/ui/omnia-mark';
import { useAuth } from '@/lib/auth';
import { message } from '@/lib/messages';
import { useMyProfile } from '@/lib/profile';

/** The signed-in developer's way back to their account: the account menu (Profile, Settings, Logout). */
function AccountControls() {
  const { session, signOut } = useAuth();
  const profile = useMyProfile().data;
  const navigate = useNavigate();
  if (!session) return null;
  return (
    <UserMenu
      username={profile?.username}
      fullName={profile?.full_name}
      avatarUrl={profile?.avatar_url}
      onLogout={() =>
        void signOut().then(
          () => {
            toast.success(message('signOutSuccess'));
            void navigate('/');
          },
          () => toast.error(message('signOutFailure')),
        )
      }
    />
  );
}

/** Page frame of the Developer Program: a slim header with the logo and the account menu, then the content column. */
export function DeveloperShell({
  children,
  width = 'wide',
}: {
  children: ReactNode;
  width?: 'wide' | 'narrow';
}) {
  const { t } = useTranslation('developer');
  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 border-b border-border bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight">
            <OmniaMark className="size-7" />
            <span>{PRODUCT_NAME}</span>
            <span className="ml-1 rounded border border-border px-1.5 py-0.5 text-[10px] font-medium tracking-wide text-muted-foreground uppercase">
              {t('shell.badge')}
            </span>
          </Link>
          <AccountControls />
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className={
          width === 'wide'
            ? 'mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10'
            : 'mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10'
        }
      >
        {children}
      </main>
    </div>
  );
}
