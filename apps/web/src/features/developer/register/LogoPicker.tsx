import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { IMAGE_ACCEPT, imageProblem } from '@/lib/image-upload';

/**
 * Optional logo: image files only (the server's list), with a preview. `error` is the server's
 * refusal of the last one sent (shown at the field; the picker is empty again, so the previous
 * logo stays).
 */
export function LogoPicker({
  file,
  error: refused,
  onChange,
  onReadingChange,
}: {
  file: File | null;
  error?: string | undefined;
  onChange(file: File | null): void;
  /** True while a picked file is being read: the form waits for it before it can be sent. */
  onReadingChange?(reading: boolean): void;
}) {
  const { t } = useTranslation('developer');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [local, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const error = local ?? refused ?? null;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const latest = useRef(0);
  async function pick(chosen: File | undefined) {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return setError(t('register.logoNotImage'));
    const picked = ++latest.current;
    setReading(true);
    onReadingChange?.(true);
    const problem = await imageProblem(chosen);
    // A later pick while this one was read wins.
    if (picked !== latest.current) return;
    setReading(false);
    onReadingChange?.(false);
    if (problem) return setError(problem);
    setError(null);
    onChange(chosen);
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium">
        {t('register.logo')}{' '}
        <span className="font-normal text-muted-foreground">{t('register.optional')}</span>
      </label>
      <div className="flex items-center gap-4">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed border-border bg-muted/40">
          {preview ? (
            <img src={preview} alt={t('register.logoPreviewAlt')} className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
              {file ? t('register.logoChange') : t('register.logoChoose')}
            </Button>
            {file ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(null)}
                aria-label={t('register.logoRemove')}
              >
                <X />
              </Button>
            ) : null}
          </div>
          <p className="truncate text-xs text-muted-foreground" aria-live="polite">
            {reading ? t('register.logoReading') : file ? file.name : t('register.logoHint')}
          </p>
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          data-testid="logo-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
