import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from '@/lib/cn';

interface Props {
  label: string;
  hint: string;
  buttonLabel: string;
  /** The stored picture, shown until a new one is chosen. */
  currentUrl: string | null;
  initials: string;
  onChange(file: File | null): void;
}

/** Picks a picture and previews it locally; the upload happens when the form is submitted. */
export function AvatarPicker({ label, hint, buttonLabel, currentUrl, initials, onChange }: Props) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? currentUrl;
  return (
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
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            aria-label={label}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              setPreview(file ? URL.createObjectURL(file) : null);
              onChange(file);
            }}
          />
        </label>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
    </div>
  );
}
