import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OmniaMark } from '@/components/ui/omnia-mark';
import { useBrowserValue } from '@/lib/hydration';

const COLUMNS = [
  { title: 'services', links: ['cloudbliss', 'voge', 'sokuwe', 'luupz', 'taskcel'] },
  { title: 'company', links: ['about', 'careers', 'blog', 'contact'] },
  { title: 'legal', links: ['terms', 'privacy', 'cookies'] },
] as const;

/** Where the team can be found outside the site (the footer's icons, the Contact page). */
export const SOCIAL_LINKS = [
  {
    key: 'github',
    href: 'https://github.com/omnia',
    path: 'M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.11.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.52-1.33-1.28-1.69-1.28-1.69-1.04-.71.08-.7.08-.7 1.15.08 1.76 1.19 1.76 1.19 1.03 1.76 2.69 1.25 3.35.96.1-.75.4-1.25.73-1.54-2.55-.29-5.24-1.28-5.24-5.68 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.19 1.83 1.19 3.09 0 4.41-2.7 5.38-5.26 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.68.8.56A11.5 11.5 0 0 0 12 .5Z',
  },
  {
    key: 'x',
    href: 'https://x.com/omnia',
    path: 'M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23Zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64Z',
  },
] as const;

/** The build's year (pre-rendered, and again while hydrating); outside a Vite build, this year. */
const BUILD_YEAR = typeof __OMNIA_BUILD_YEAR__ === 'number' ? __OMNIA_BUILD_YEAR__ : new Date().getFullYear();

/** The site's footer: the landing page's, and the pages its Company and Legal links open. */
export function SiteFooter() {
  const { t } = useTranslation('footer');
  // A page built last year says last year until hydration is done, then the visitor's year.
  const year = useBrowserValue(() => new Date().getFullYear(), BUILD_YEAR);
  return (
    <footer className="border-t border-border/60 bg-muted/20">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div>
          <Link to="/" className="flex items-center gap-2 font-bold">
            <OmniaMark className="size-7" />
            {PRODUCT_NAME}
          </Link>
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">{t('tagline')}</p>
          <div className="mt-5 flex gap-3">
            {SOCIAL_LINKS.map((s) => (
              <a
                key={s.key}
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                className="flex size-9 items-center justify-center rounded-md border border-border text-muted-foreground transition-colors hover:text-foreground"
              >
                <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
                  <path d={s.path} />
                </svg>
                <span className="sr-only">{t(s.key)}</span>
              </a>
            ))}
          </div>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={t(col.title)}>
            <h2 className="text-sm font-semibold">{t(col.title)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map((link) => (
                <li key={link}>
                  <Link
                    to={`/${link}`}
                    className="text-muted-foreground transition-colors hover:text-foreground"
                  >
                    {t(`links.${link}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-border/60 py-6 text-center text-xs text-muted-foreground">
        {t('rights', { year })}
      </p>
    </footer>
  );
}
