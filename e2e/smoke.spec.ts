import { expect, test } from '@playwright/test';
import { skipLandingAnimations } from './support/browser';

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  // The page is pre-rendered: its script, which logs, runs after the first paint.
  await expect.poll(() => logged.some((l) => l.includes('/definitely/not/here'))).toBe(true);
});

test('a client route survives a reload (history fallback) and assets are cached for a year', async ({
  page,
  request,
}) => {
  await skipLandingAnimations(page);
  await page.goto('/login');
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  const html = await (await request.get('/')).text();
  // A pre-rendered page names its entry for public/load-app.js, which loads it after the first paint.
  const asset = html.match(/(?:src|data-entry)="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(asset).toBeTruthy();
  const res = await request.get(asset!);
  expect(res.headers()['cache-control']).toContain('max-age=31536000');
});
