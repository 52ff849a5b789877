// The build's server-side entry (vite build --ssr): renders one screen to HTML for
// scripts/prerender.ts. Never part of the browser's bundle.
import type { Language } from '@omnia/contracts/constants';
import { isValidElement, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routePaths } from './app/route-paths';
import { routes } from './app/router';
import { takeBuiltTitle } from './lib/document-title';
import { setLanguage } from './lib/i18n';

/** The router's path patterns, for the server's list of web routes. */
export const webRoutes = (): string[] => routePaths(routes);

export interface RenderedScreen {
  html: string;
  /** The names of the screen's route components (LandingPage), to find their chunks in the build. */
  components: string[];
  /** The screen's document title in its language ('Sign in · Omnia'), as the browser sets it. */
  title: string | undefined;
}

/**
 * One screen as the browser's first render will produce it: same providers, same routes, the
 * signed-out state, no browser storage. `hydrate={false}`: no inline data script (the CSP allows
 * none, and the screens have no loader data to carry).
 */
export async function renderScreen(path: string, language: Language): Promise<RenderedScreen> {
  await setLanguage(language);
  takeBuiltTitle();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  // React Router keeps a lazy module's Component as the route's element.
  // A guard's element wraps the screen (<SignedOutOnly><SignUpPage /></SignedOutOnly>): both count.
  const names = (node: unknown): string[] => {
    if (!isValidElement<{ children?: unknown }>(node)) return [];
    const own = typeof node.type === 'function' && node.type.name ? [node.type.name] : [];
    return [...own, ...names(node.props.children)];
  };
  const components = context.matches.flatMap(({ route }) =>
    route.element ? names(route.element) : route.Component?.name ? [route.Component.name] : [],
  );
  return { html, components, title: takeBuiltTitle() };
}
