import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

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
        <header className="mb-6 flex items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-fill-from to-brand-fill-to text-white shadow-md shadow-brand-from/30">
              <ShieldCheck aria-hidden="true" className="size-5" />
            </span>
            <h1 className="truncate text-lg font-semibold tracking-tight sm:text-xl">{t('title')}</h1>
          </div>
          <Button asChild variant="ghost" size="sm">
            <Link to="/">{t('cancel')}</Link>
          </Button>
        </header>
        {children}
      </div>
    </main>
  );
}
