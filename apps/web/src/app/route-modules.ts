import { matchRoutes, type RouteObject } from 'react-router';

/** What a lazy route module gives its route (the rest of its exports stay out of the router). */
const ROUTE_PROPERTIES = ['Component', 'element', 'ErrorBoundary', 'errorElement', 'handle'] as const;

/**
 * Loads the lazy screens the current location needs before the router starts, so its first render
 * is already the screen: hydration finds what the build wrote (React Router's advice for lazy
 * routes with pre-rendering), and a screen without pre-rendered HTML shows no empty fallback
 * first. A module that fails to load is left lazy: the router tries it again and shows its error.
 */
export async function loadRouteModules(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.allSettled(
    matches.map(async ({ route }) => {
      const load = route.lazy;
      if (typeof load !== 'function') return;
      const loaded: Record<string, unknown> = await load();
      const properties = Object.fromEntries(
        ROUTE_PROPERTIES.filter((key) => key in loaded).map((key) => [key, loaded[key]]),
      );
      Object.assign(route, properties, { lazy: undefined });
    }),
  );
}
