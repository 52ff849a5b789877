import { Outlet, ScrollRestoration } from 'react-router';
import { RouteFocus } from '@/components/a11y/RouteFocus';
import { SkipLink } from '@/components/a11y/SkipLink';

export function RootLayout() {
  return (
    <>
      <SkipLink />
      <Outlet />
      <RouteFocus />
      <ScrollRestoration />
    </>
  );
}

/**
 * What shows while the first screen's code loads (every route is lazy): nothing, as before, but
 * named, so React Router does not warn that none was given.
 */
export function BootFallback() {
  return null;
}
