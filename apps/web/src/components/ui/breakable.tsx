import { Fragment } from 'react';
import { cn } from '@/lib/cn';

/** Where an address or a name may wrap: before '@' and '.', after '-', '_' and '+'. */
const BREAKS = /(?=[@.])|(?<=[-_+])/;

/**
 * An e-mail address, a username or a name that may be longer than the line (390 px phones): it
 * wraps at its natural joints (<wbr>) and, only when one part alone is wider than the line,
 * anywhere (overflow-wrap: anywhere, which also lets a flex item shrink below its width).
 */
export function Breakable({ text, className }: { text: string; className?: string }) {
  let offset = 0;
  return (
    <span className={cn('wrap-anywhere', className)}>
      {text.split(BREAKS).map((part) => {
        const key = offset;
        offset += part.length;
        return (
          <Fragment key={key}>
            {key > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        );
      })}
    </span>
  );
}

/** Stands for the long value in a translated sentence: t(key, { email: SLOT }). */
export const SLOT = '\uE000';

/** A translated sentence with one long value in it (written as SLOT), that value breakable. */
export function BreakableIn({
  sentence,
  value,
  className,
}: {
  sentence: string;
  value: string;
  className?: string;
}) {
  const [before = '', ...after] = sentence.split(SLOT);
  return (
    <>
      {before}
      <Breakable text={value} className={className} />
      {after.join(value)}
    </>
  );
}
