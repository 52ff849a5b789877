import { lazy, Suspense } from 'react';

// Toasts only follow user actions, so their library loads after the first paint instead of
// weighing on every route's initial download.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
