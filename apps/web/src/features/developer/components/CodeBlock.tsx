import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCopy } from '../use-copy';

/** A copyable code block; the button shows a confirmation for 2 s. */
export function CodeBlock({ code, language, title }: { code: string; language: string; title?: string }) {
  const { t } = useTranslation('developer');
  const { copied, copy } = useCopy();
  const done = copied === 'code';
  return (
    <figure className="overflow-hidden rounded-lg border border-border bg-muted/40">
      <figcaption className="flex items-center justify-between gap-2 border-b border-border bg-muted/60 px-3 py-1.5">
        <span className="truncate font-mono text-xs text-muted-foreground">{title ?? language}</span>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          onClick={() => copy('code', code)}
          aria-label={done ? t('copy.copied') : t('copy.copyCode')}
        >
          {done ? <Check className="text-success" /> : <Copy />}
          <span aria-live="polite">{done ? t('copy.copied') : t('copy.copy')}</span>
        </Button>
      </figcaption>
      <div
        role="region"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code region must be reachable by keyboard.
        tabIndex={0}
        aria-label={title ?? language}
        className="max-h-[32rem] overflow-auto focus-visible:outline-2 focus-visible:outline-ring"
      >
        <pre className="p-4 text-xs leading-relaxed sm:text-[13px]">
          <code className="font-mono">{code}</code>
        </pre>
      </div>
    </figure>
  );
}
