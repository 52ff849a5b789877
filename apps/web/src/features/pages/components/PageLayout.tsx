import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { TopNav } from '@/components/layout/TopNav';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * The footer's pages: the site's navigation, a heading in the landing page's style, the page's
 * sections, and the site's footer. The heading is also the page's title in the browser.
 */
export function PageLayout({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <TopNav />
      <main id="main-content" tabIndex={-1} className="flex-1">
        <header className="relative overflow-hidden border-b border-border/60">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-32 left-1/2 h-64 w-[40rem] max-w-full -translate-x-1/2 rounded-full bg-gradient-to-r from-brand-from/20 to-brand-to/20 blur-3xl"
          />
          <div className="relative mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
            <h1 className="mt-3 text-[1.75rem] leading-tight font-bold tracking-tight text-balance break-words hyphens-auto sm:text-5xl">
              {title}
            </h1>
            <p className="mt-4 text-lg text-pretty text-muted-foreground">{lead}</p>
          </div>
        </header>
        <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** One titled part of a page. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-2xl font-semibold tracking-tight break-words hyphens-auto">{title}</h2>
      <div className="space-y-3 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

/** The date a legal page was last changed, written in the reader's language. */
export const LEGAL_UPDATED = new Date(2026, 11, 2);
