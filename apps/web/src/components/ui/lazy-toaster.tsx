import { lazy, Suspense } from 'react';
import { useHydrated } from '@/lib/hydration';

// Toasts only follow user actions, so their library loads after the first paint instead of
// weighing on every route's initial download.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

// Not in a pre-rendered page either: it follows the stored theme, which only the browser knows.
export function LazyToaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
