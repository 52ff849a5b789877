import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { loadRouteModules } from './app/route-modules';
import { routes } from './app/router';
import { afterHydration } from './lib/hydration';
import { isLanguage, loadLanguage, setLanguage } from './lib/i18n';
import { initialLanguage } from './lib/language';

const container = document.getElementById('root') as HTMLElement;
// A pre-rendered screen (apps/web/scripts/prerender.ts) comes in the language the server chose from
// Accept-Language, written in <html lang>: it hydrates in that language, then switches to the one
// this browser chose, if another. Without pre-rendered HTML, the first render is already in the
// visitor's language: its catalogues (and English's, the fallback) load first.
const prerendered = container.firstElementChild !== null;
const served = document.documentElement.lang;
const wanted = initialLanguage();
const first = prerendered && isLanguage(served) ? served : wanted;
if (first !== wanted) {
  void loadLanguage(wanted).catch(() => undefined);
  afterHydration(() => void setLanguage(wanted));
}

// A pre-rendered page is where the browser put it, and the visitor may have scrolled it before the
// script came: hydration data (none: no route loads any) tells the router the screen is already
// rendered, so its scroll restoration leaves the first screen alone instead of jumping to the top.
const routerOptions = prerendered ? { hydrationData: {} } : undefined;

void Promise.all([setLanguage(first), loadRouteModules(routes, window.location.pathname)]).finally(() => {
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes, routerOptions)} />
      </Providers>
    </StrictMode>
  );
  // Hydrating as a transition lets React yield to the browser every few milliseconds (no long
  // task while the visitor may already be reading or tapping); the page is on screen meanwhile.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
