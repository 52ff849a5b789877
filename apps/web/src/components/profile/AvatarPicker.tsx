import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { IMAGE_ACCEPT, imageProblem } from '@/lib/image-upload';

interface Props {
  label: string;
  hint: string;
  /** Said in place of the hint while a picked file is being read. */
  readingHint: string;
  buttonLabel: string;
  /** The stored picture, shown until a new one is chosen. */
  currentUrl: string | null;
  initials: string;
  /** The server's refusal of the last picture sent; the picker then shows the stored one again. */
  error?: string | null;
  onChange(file: File | null): void;
  /** True while a picked file is being read: the form waits for it before it can be sent. */
  onReadingChange?(reading: boolean): void;
}

/**
 * Picks a picture and previews it locally; the upload happens when the form is submitted. A file
 * the server would refuse for its type, its size or content no decoder reads is said at once and
 * never previewed.
 */
export function AvatarPicker({
  label,
  hint,
  readingHint,
  buttonLabel,
  currentUrl,
  initials,
  error,
  onChange,
  onReadingChange,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const latest = useRef(0);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // A refusal from the server: the field is where the person looks next.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  const shown = preview ?? currentUrl;
  const message = problem ?? error ?? null;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-4">
        <div
          className={cn(
            'flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border bg-muted text-xl font-semibold text-muted-foreground',
          )}
        >
          {shown ? <img src={shown} alt={label} className="size-full object-cover" /> : initials}
        </div>
        <div className="space-y-1">
          <label
            htmlFor={id}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-within:ring-2 focus-within:ring-ring/40"
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            {buttonLabel}
            <input
              ref={input}
              id={id}
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              aria-label={label}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
              onChange={async (e) => {
                const target = e.target;
                const file = target.files?.[0] ?? null;
                const picked = ++latest.current;
                setReading(true);
                onReadingChange?.(true);
                const refused = file ? await imageProblem(file) : null;
                // A later pick while this one was read wins.
                if (picked !== latest.current) return;
                setReading(false);
                onReadingChange?.(false);
                setProblem(refused);
                if (refused) target.value = '';
                const kept = refused ? null : file;
                setPreview(kept ? URL.createObjectURL(kept) : null);
                onChange(kept);
              }}
            />
          </label>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {reading ? readingHint : hint}
          </p>
        </div>
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
