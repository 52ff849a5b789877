import { DEVICE_PAGE } from '@omnia/contracts/device';
import type { MessageKey } from '@omnia/contracts/messages';
import { PUBLIC_PAGES, type PublicPage } from '@omnia/contracts/pages';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SERVICE_HOSTS } from '@/components/layout/nav-links';
import { PlaceholderPage } from '@/features/placeholder/PlaceholderPage';
import { ServiceHostPage } from '@/features/placeholder/ServiceHostPage';
import { RequireAuth } from './guards/RequireAuth';
import { SignedOutOnly } from './guards/SignedOutOnly';
import { BootFallback, RootLayout } from './RootLayout';

const placeholder = (name: string) => ({ element: <PlaceholderPage name={name} /> });
/** A lazily loaded screen behind the guard (login and, unless switched off, a verified e-mail). */
const guarded =
  (
    load: () => Promise<{ Component: ComponentType }>,
    {
      requireVerifiedEmail = true,
      requireProfile = false,
      signedOutMessage,
    }: { requireVerifiedEmail?: boolean; requireProfile?: boolean; signedOutMessage?: MessageKey } = {},
  ) =>
  async () => {
    const { Component } = await load();
    return {
      element: (
        <RequireAuth
          requireVerifiedEmail={requireVerifiedEmail}
          requireProfile={requireProfile}
          signedOutMessage={signedOutMessage}
        >
          <Component />
        </RequireAuth>
      ),
    };
  };
/** A lazily loaded screen for signed-out visitors: a signed-in person goes to the dashboard. */
/**
 * The footer's pages, each its own chunk named after its file (the build's pre-rendering preloads
 * a screen's chunk by its component's name: scripts/prerender.ts).
 */
const PUBLIC_PAGE_SCREENS: Record<PublicPage, () => Promise<{ Component: ComponentType }>> = {
  '/about': () => import('@/features/pages/AboutPage').then((m) => ({ Component: m.AboutPage })),
  '/careers': () => import('@/features/pages/CareersPage').then((m) => ({ Component: m.CareersPage })),
  '/blog': () => import('@/features/pages/BlogPage').then((m) => ({ Component: m.BlogPage })),
  '/contact': () => import('@/features/pages/ContactPage').then((m) => ({ Component: m.ContactPage })),
  '/terms': () => import('@/features/pages/TermsPage').then((m) => ({ Component: m.TermsPage })),
  '/privacy': () => import('@/features/pages/PrivacyPage').then((m) => ({ Component: m.PrivacyPage })),
  '/cookies': () => import('@/features/pages/CookiesPage').then((m) => ({ Component: m.CookiesPage })),
};

const signedOutOnly = (load: () => Promise<{ Component: ComponentType }>) => async () => {
  const { Component } = await load();
  return {
    element: (
      <SignedOutOnly>
        <Component />
      </SignedOutOnly>
    ),
  };
};
/** SPEC: the dashboard and settings need login, a verified e-mail and a completed profile. */
const FULL = { requireProfile: true };

/**
 * Every route of SPEC §2. Screens load lazily so the landing route stays small. The browser's router
 * (main.tsx) and the build's pre-rendering (entry-server.tsx) both take them from here, and the build
 * lists their paths for the server, which answers 404 for any other path.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: BootFallback,
    children: [
      { path: '/', lazy: () => import('@/features/landing/LandingPage') },
      { path: '/login', lazy: () => import('@/features/auth/LoginPage') },
      { path: '/signup', lazy: signedOutOnly(() => import('@/features/auth/SignUpPage')) },
      { path: '/auth/callback', lazy: () => import('@/features/auth/AuthCallbackPage') },
      {
        path: '/auth/verification-required',
        lazy: () => import('@/features/auth/VerificationRequiredPage'),
      },
      { path: '/auth/forgot-password', lazy: () => import('@/features/auth/ForgotPasswordPage') },
      { path: '/auth/reset-password', lazy: () => import('@/features/auth/ResetPasswordPage') },
      { path: '/auth/sign-out', lazy: () => import('@/features/auth/SignOutPage') },
      { path: DEVICE_PAGE, lazy: () => import('@/features/auth/DevicePage') },
      { path: '/auth/confirm-email', lazy: () => import('@/features/auth/ConfirmEmailChangePage') },
      { path: '/auth/cancel-email-change', lazy: () => import('@/features/auth/CancelEmailChangePage') },
      {
        path: '/signup/identity',
        lazy: guarded(() => import('@/features/auth/IdentityPage'), {
          signedOutMessage: 'identityNotLoggedIn',
        }),
      },
      {
        path: '/signup/setup',
        lazy: guarded(() => import('@/features/auth/SetupPage'), {
          signedOutMessage: 'setupNotLoggedIn',
        }),
      },
      {
        // The signed-in frame (navigation, user menu) loads with the first signed-in screen.
        lazy: () => import('@/components/layout/AppLayout').then((m) => ({ Component: m.AppLayout })),
        children: [
          { path: '/dashboard', lazy: guarded(() => import('@/features/dashboard/DashboardPage'), FULL) },
          { path: '/settings', lazy: guarded(() => import('@/features/settings/SettingsPage'), FULL) },
          { path: '/profile', lazy: guarded(() => import('@/features/settings/ProfilePage')) },
          { path: '/voge', ...placeholder('Voge') },
          { path: '/sokuwe', ...placeholder('Sokuwe') },
          { path: '/taskcel', ...placeholder('Taskcel') },
          // The services on hosts of their own: the footer's links lead where the navigation does.
          {
            path: '/cloudbliss',
            element: <ServiceHostPage name="CloudBliss" url={SERVICE_HOSTS.CloudBliss} />,
          },
          { path: '/luupz', element: <ServiceHostPage name="Luupz" url={SERVICE_HOSTS.Luupz} /> },
        ],
      },
      { path: '/oauth2/authorize', lazy: () => import('@/features/consent/AuthorizeEntryPage') },
      { path: '/oauth2/consent', lazy: () => import('@/features/consent/AuthorizeEntryPage') },
      { path: '/oauth2/consent/error', lazy: () => import('@/features/consent/ConsentErrorPage') },
      { path: '/oauth2/consent/:uid', lazy: () => import('@/features/consent/ConsentPage') },
      // Where people who look for the Developer Program type, and the avatar menu's 'Developers'.
      { path: '/dev-program', element: <Navigate to="/dev-program/oauth2" replace /> },
      { path: '/dev-program/oauth2', lazy: () => import('@/features/developer/DeveloperDashboardPage') },
      { path: '/dev-program/oauth2/new', lazy: () => import('@/features/developer/RegisterClientPage') },
      {
        path: '/dev-program/oauth2/apis/new',
        lazy: () => import('@/features/developer/apis/RegisterApiPage'),
      },
      { path: '/dev-program/oauth2/apis/:id', lazy: () => import('@/features/developer/apis/ApiDetailPage') },
      {
        path: '/dev-program/oauth2/clients/:id',
        lazy: () => import('@/features/developer/ClientDetailPage'),
      },
      {
        path: '/dev-program/oauth2/clients/:id/stats',
        lazy: () => import('@/features/developer/ClientDetailPage'),
      },
      // The footer's pages (About … Cookies): one chunk for all of them.
      ...PUBLIC_PAGES.map((path) => ({ path, lazy: PUBLIC_PAGE_SCREENS[path] })),
      { path: '*', lazy: () => import('@/features/not-found/NotFoundPage') },
    ],
  },
];
