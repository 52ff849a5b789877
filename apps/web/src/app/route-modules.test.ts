import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadRouteModules } from './route-modules';

function Screen() {
  return null;
}

describe('loadRouteModules', () => {
  it('loads the lazy screens the path matches, and only those, into their routes', async () => {
    let otherLoaded = false;
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { path: '/login', lazy: async () => ({ Component: Screen, LoginPage: Screen }) },
          {
            path: '/other',
            lazy: async () => {
              otherLoaded = true;
              return { Component: Screen };
            },
          },
        ],
      },
    ];
    await loadRouteModules(routes, '/login');
    const login = routes[0]?.children?.[0] as RouteObject & Record<string, unknown>;
    expect(login.Component).toBe(Screen);
    expect(login.lazy).toBeUndefined();
    // A module's other exports stay out of the router's route.
    expect(login.LoginPage).toBeUndefined();
    expect(otherLoaded).toBe(false);
    expect(routes[0]?.children?.[1]?.lazy).toBeTypeOf('function');
  });

  it('leaves a screen that failed to load lazy, for the router to try again', async () => {
    const failing = async (): Promise<never> => {
      throw new Error('offline');
    };
    const routes: RouteObject[] = [{ path: '/x', lazy: failing }];
    await expect(loadRouteModules(routes, '/x')).resolves.toBeUndefined();
    expect(routes[0]?.lazy).toBe(failing);
  });
});
