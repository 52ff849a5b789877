import type { RouteObject } from 'react-router';

/**
 * Every path pattern of a route tree ('/dev-program/oauth2/clients/:id'), children's paths joined
 * to their parents'; the catch-all '*' (the not-found page) is left out. The build writes them
 * for the server (WEB_ROUTES_FILE), which answers 404 for a path that matches none.
 */
export function routePaths(routes: readonly RouteObject[], parent = ''): string[] {
  const paths = new Set<string>();
  for (const route of routes) {
    const own = route.path;
    const path =
      own === undefined ? parent : own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
    if (route.index) paths.add(parent || '/');
    else if (own !== undefined && own !== '*') paths.add(path || '/');
    for (const child of routePaths(route.children ?? [], path)) paths.add(child);
  }
  return [...paths];
}
