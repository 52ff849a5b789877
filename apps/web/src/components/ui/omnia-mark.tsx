import { useId } from 'react';

/** The product mark, inline SVG (no image requests). */
export function OmniaMark({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--brand-from)" />
          <stop offset="1" stopColor="var(--brand-to)" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${id})`} />
      <circle cx="32" cy="32" r="14" fill="none" stroke="#fff" strokeWidth="6" />
      <circle cx="32" cy="32" r="4" fill="#fff" />
    </svg>
  );
}
