import { ArrowRight, Inbox } from 'lucide-react';
import { Link } from 'react-router';

/** A page with nothing to list yet (no openings, no posts): says so, and where to go instead. */
export function EmptyNotice({ body, more, link }: { body: string; more?: string; link: string }) {
  return (
    <div className="rounded-xl border border-dashed border-border bg-card/60 p-8 text-center">
      <Inbox className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mx-auto mt-4 max-w-xl leading-relaxed text-muted-foreground">{body}</p>
      {more ? <p className="mx-auto mt-2 max-w-xl leading-relaxed text-muted-foreground">{more}</p> : null}
      <Link
        to="/contact"
        className="mt-6 inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
      >
        {link}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
