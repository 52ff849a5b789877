import { initialsOf } from '@omnia/contracts/names';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The picture, or up to two initials of the full name ('U' when there is none). */
export function Avatar({
  src,
  fullName,
  className,
}: {
  src: string | null | undefined;
  fullName: string | null | undefined;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const showImage = src && broken !== src;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-fill-from to-brand-fill-to font-semibold text-white',
        className,
      )}
    >
      {showImage ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setBroken(src)} />
      ) : (
        <span aria-hidden="true">{initialsOf(fullName)}</span>
      )}
    </span>
  );
}
