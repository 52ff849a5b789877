import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (lazy chunk, guard, first query). */
const HEADING_WAIT_MS = 5000;

function mainHeading(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('main h1') ??
    document.querySelector<HTMLElement>('h1') ??
    document.querySelector<HTMLElement>('main')
  );
}

/**
 * After a client-side navigation (never on the first load), moves focus to the new screen's main
 * heading and announces its title in a polite live region, as a full page load would for a
 * screen reader. Focus the user has already put somewhere on the new screen is left alone.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what triggers the move; the heading is read from the DOM.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const from = document.activeElement;
    const previous = document.querySelector('h1');
    const previousText = previous?.textContent ?? null;
    const started = Date.now();
    let frame = 0;
    const untouched = () => {
      const now = document.activeElement;
      return !now || now === document.body || now === from || !now.isConnected;
    };
    const attempt = () => {
      const heading = mainHeading();
      // Wait for the new screen's heading (a spinner or the old heading may still be up).
      const fresh =
        heading &&
        heading.tagName === 'H1' &&
        (heading !== previous || heading.textContent !== previousText || Date.now() - started > 300);
      if (!fresh) {
        if (Date.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(attempt);
        return;
      }
      if (untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      const title = heading.textContent?.trim() || document.title;
      setAnnouncement(title);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
