import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * /cloudbliss and /luupz (the footer's links, SPEC §2): these services live on hosts of their own,
 * the same ones the navigation opens, so the page goes there (with a link, should it not).
 */
export function ServiceHostPage({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation('common');
  useDocumentTitle(name);
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">{name}</h1>
      <a href={url} className="text-primary underline-offset-4 hover:underline">
        {t('openService', { name })}
      </a>
    </div>
  );
}
