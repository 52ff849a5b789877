import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { OmniaMark } from '@/components/ui/omnia-mark';

/** The frame of every authorization state: 'Authorization Request' with a Cancel button to /. */
export function AuthorizationShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('consent');
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="relative flex min-h-dvh flex-col items-center overflow-hidden bg-background px-4 py-8 sm:py-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-brand-from/15 via-brand-to/5 to-transparent"
      />
      <div className="relative w-full max-w-md">
        <header className="mb-6 flex items-center justify-between gap-2 sm:gap-3">
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <OmniaMark className="size-8 shrink-0 drop-shadow-md sm:size-9" />
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground">{PRODUCT_NAME}</p>
              {/* Wraps rather than being cut (the longest languages on a 360 px phone). */}
              <h1 className="text-[15px] leading-tight font-semibold tracking-tight break-words hyphens-auto sm:text-xl">
                {t('title')}
              </h1>
            </div>
          </div>
          <Button asChild variant="ghost" size="sm" className="shrink-0 px-2 sm:px-3">
            <Link to="/">{t('cancel')}</Link>
          </Button>
        </header>
        {children}
      </div>
    </main>
  );
}
