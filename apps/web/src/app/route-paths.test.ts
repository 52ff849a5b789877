import { webRouteMatcher } from '@omnia/contracts/web-routes';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePaths } from './route-paths';
import { routes } from './router';

// The server answers 404 for a path none of the listed routes match (static-spa.ts, with
// contracts' matcher); the browser shows the not-found page for a path only '*' matches. They must
// agree, or a page would be served 404 and shown, or served 200 and shown as not found.
const isRoute = webRouteMatcher(routePaths(routes));
const routerShowsAPage = (path: string) => {
  const matches = matchRoutes(routes, path) ?? [];
  return matches.length > 0 && matches[matches.length - 1]?.route.path !== '*';
};

describe('routePaths', () => {
  it("lists every route of the router, joined to its parents', without the catch-all", () => {
    const paths = routePaths(routes);
    expect(paths).toContain('/');
    expect(paths).toContain('/dashboard');
    expect(paths).toContain('/dev-program/oauth2/clients/:id/stats');
    expect(paths).not.toContain('*');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('joins relative and index routes to their parents', () => {
    expect(
      routePaths([{ path: '/a', children: [{ index: true }, { path: 'b', children: [{ path: ':id' }] }] }]),
    ).toEqual(['/a', '/a/b', '/a/b/:id']);
  });
});

describe("the server's list of routes and the router agree", () => {
  // Every pattern with its parameters filled in, and variants the router treats alike.
  const known = routePaths(routes).flatMap((pattern) => {
    const path = pattern.replace(/:[^/]+/g, 'abc-123');
    return [path, `${path}/`, path.toUpperCase()];
  });
  const unknown = [
    '/nope',
    '/careers/open-positions',
    '/login/extra',
    '/loginx',
    '/auth',
    '/dev-program/oauth2/clients',
    '/dev-program/oauth2/clients/1/stats/more',
    '/oauth2/consent/a/b',
    '/settings/security',
    '/assets',
  ];

  it.each(known)('%s is a page for both', (path) => {
    expect(routerShowsAPage(path)).toBe(true);
    expect(isRoute(path)).toBe(true);
  });

  it.each(unknown)('%s is not found for both', (path) => {
    expect(routerShowsAPage(path)).toBe(false);
    expect(isRoute(path)).toBe(false);
  });
});
