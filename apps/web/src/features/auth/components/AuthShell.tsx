import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/layout/LanguageSwitcher';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** The centred card every sign-in and recovery screen shares. */
export function AuthShell({
  title,
  description,
  children,
  above,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  above?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-10"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--brand-from)_0%,transparent_55%)] opacity-15"
      />
      <LanguageSwitcher className="absolute top-3 right-3 sm:top-4 sm:right-4" />
      <Link to="/" className="relative mb-6 flex items-center gap-2 text-lg font-bold">
        <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-fill-from to-brand-fill-to">
          <span className="size-3.5 rounded-full border-[3px] border-white" />
        </span>
        {PRODUCT_NAME}
      </Link>
      <Card className="relative w-full max-w-md shadow-xl">
        <CardHeader className="text-center">
          {above}
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>
          {/* The sign-in screens are pre-rendered (apps/web/scripts/prerender.ts): without script
              they show, but their forms cannot work, and say so. */}
          <p className="mb-4 hidden rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm no-js:block">
            {t('needsJavaScript')}
          </p>
          {children}
        </CardContent>
      </Card>
    </main>
  );
}
