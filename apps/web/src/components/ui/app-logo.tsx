import { AppWindow } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

const sizes = {
  sm: 'size-10 rounded-lg [&_svg]:size-5',
  md: 'size-12 rounded-xl [&_svg]:size-6',
  lg: 'size-16 rounded-2xl [&_svg]:size-8',
} as const;

/** A third-party application's logo, or a neutral app icon when it has none (or it fails to load). */
export function AppLogo({
  src,
  alt,
  size = 'md',
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const box = cn(
    'flex shrink-0 items-center justify-center overflow-hidden border border-border bg-muted',
    sizes[size],
    className,
  );
  if (src && !failed) {
    return (
      <span className={box}>
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(true)} />
      </span>
    );
  }
  return (
    <span className={cn(box, 'bg-gradient-to-br from-brand-from/20 to-brand-to/20 text-primary')}>
      <AppWindow aria-hidden="true" />
      <span className="sr-only">{alt}</span>
    </span>
  );
}
