import { useEffect, useSyncExternalStore } from 'react';

/**
 * Pre-rendered screens (apps/web/scripts/prerender.ts) are hydrated: the browser's first render
 * must produce what the build wrote, so anything that depends on the browser (storage, its
 * features, the visitor's own language) waits until hydration is done.
 */
const subscribeNever = () => () => {};

/**
 * False while the build renders a screen and while the browser hydrates it, true afterwards (and
 * at once when the app starts without pre-rendered HTML). React renders again when it turns true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * Props for a control that needs the page's script (a button, a select): until hydration it is
 * announced as unavailable (aria-disabled), so nothing pre-rendered pretends to work before it
 * can (Playwright waits for an enabled control too); read without script, it is not shown at all
 * (data-needs-script, styles/index.css).
 */
export function useHydratedControl(): { 'aria-disabled'?: true; 'data-needs-script'?: '' } {
  return useHydrated() ? {} : { 'aria-disabled': true, 'data-needs-script': '' };
}

/**
 * What the browser may show once hydration is over: `whenBuilt` while rendering or hydrating,
 * `inBrowser()` afterwards (a browser feature, for instance).
 */
export function useBrowserValue<T>(inBrowser: () => T, whenBuilt: T): T {
  return useSyncExternalStore(subscribeNever, inBrowser, () => whenBuilt);
}

let hydrated = false;
const waiting: (() => void)[] = [];

/** Runs `task` once the first render is committed (at once if it already is). */
export function afterHydration(task: () => void) {
  if (hydrated) task();
  else waiting.push(task);
}

/** Rendered once, in the providers: its effect runs with the first commit, hydration's. */
export function HydrationMark() {
  useEffect(() => {
    hydrated = true;
    for (const task of waiting.splice(0)) task();
  }, []);
  return null;
}
