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
