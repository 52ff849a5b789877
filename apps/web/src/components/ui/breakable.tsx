import { Fragment } from 'react';
import { cn } from '@/lib/cn';

/** Where an address or a handle may wrap: before '@' and before each '.'. */
const JOINTS = /(?=[@.])/;

/**
 * An e-mail address, a username or a name that may be longer than the line (390 px phones). A
 * name wraps like words (at spaces and hyphens; anywhere only when one word alone is wider than
 * the line). An address or a handle wraps at its joints only: each part between them is kept
 * whole (an inline block) unless it alone is wider than the line, so no line ends on a hyphen
 * inside a domain; <wbr> marks the joints.
 */
export function Breakable({ text, className }: { text: string; className?: string }) {
  if (/\s/.test(text)) return <span className={cn('wrap-anywhere', className)}>{text}</span>;
  let offset = 0;
  return (
    <span className={className}>
      {text.split(JOINTS).map((part) => {
        const key = offset;
        offset += part.length;
        return (
          <Fragment key={key}>
            {key > 0 ? <wbr /> : null}
            <span className="inline-block max-w-full wrap-anywhere">{part}</span>
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
