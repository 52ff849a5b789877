import { CELEBRATION_DELAY_MS } from '@omnia/contracts/constants';
import { expect, type Page, test } from '@playwright/test';
import { skipLandingAnimations } from './support/browser';

/**
 * Opens the landing page and waits until its script runs (it then asks for the services list):
 * the pre-rendered page shows at once, and on a machine running other tests the script may start
 * seconds later. The celebration's "after about 2 s" counts from there.
 */
async function gotoRunning(page: Page) {
  const running = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/services');
  await page.goto('/');
  await running;
}

test.describe('landing page', () => {
  // The intro and the celebration are what this spec is about: as a visitor with motion sees them.
  test.use({ reducedMotion: 'no-preference' });

  test('renders the SPEC sections and the five services with their badges', async ({ page }) => {
    await skipLandingAnimations(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('button', { name: 'Explore Services' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Omnia' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your Account' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('button', { name: 'Explore Launch Offers' })).toBeVisible();
    const expected = [
      ['cloudbliss', 'CloudBliss', 'Active'],
      ['voge', 'Voge', 'Under Development'],
      ['sokuwe', 'Sokuwe', 'Under Development'],
      ['luupz', 'Luupz', 'Active'],
      ['taskcel', 'Taskcel', 'Coming Soon'],
    ];
    for (const [slug, name, badge] of expected) {
      const card = page.getByTestId(`service-${slug}`);
      await expect(card).toContainText(name as string);
      await expect(card).toContainText(badge as string);
    }
    // Only cards that are not coming-soon are clickable.
    await expect(page.getByTestId('service-taskcel')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('button', { name: /Taskcel/ })).toHaveCount(0);
    for (const path of [
      '/cloudbliss',
      '/about',
      '/careers',
      '/blog',
      '/contact',
      '/terms',
      '/privacy',
      '/cookies',
    ]) {
      await expect(page.locator(`footer a[href="${path}"]`)).toHaveCount(1);
    }
    await expect(page.locator('footer a[target="_blank"][rel~="noopener"]')).toHaveCount(2);
  });

  test('Get Started leads to /signup and Explore Services scrolls to the services', async ({ page }) => {
    await skipLandingAnimations(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Explore Services' }).click();
    await expect(page.locator('#services-title')).toBeInViewport();
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('the launch banner dismisses for this page load only', async ({ page }) => {
    await skipLandingAnimations(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Dismiss banner' }).click();
    await expect(page.getByRole('button', { name: 'Explore Launch Offers' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Explore Launch Offers' })).toBeVisible();
  });

  test('the intro animation runs on the first visit only and ends with a welcome', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('launchCelebrationShown', 'true'));
    await page.goto('/');
    const intro = page.getByTestId('intro-animation');
    await expect(intro).toBeVisible();
    expect(await page.getByTestId('intro-particle').count()).toBeGreaterThanOrEqual(15);
    expect(await page.evaluate(() => localStorage.getItem('hasSeenAnimation'))).not.toBeNull();
    await expect(page.getByTestId('intro-stage')).toHaveText('Welcome to Omnia', { timeout: 6000 });
    await expect(intro).toBeHidden({ timeout: 3000 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Why Choose Omnia' })).toBeVisible();
    await expect(intro).toHaveCount(0);
  });

  test('the celebration appears after about 2 s, advances, Skip jumps to the end, closing stores the flag', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('hasSeenAnimation', 'true');
      // When the page and the celebration first appear, timed in the page: a loaded machine only
      // makes the gap longer, so the lower bound holds however slowly the test runs.
      const seen: Record<string, number> = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (!seen.page && document.getElementById('main-content')) seen.page = performance.now();
        if (!seen.modal && document.querySelector('[data-testid="celebration"]'))
          seen.modal = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await gotoRunning(page);
    const modal = page.getByTestId('celebration');
    await expect(modal).toBeVisible({ timeout: 10_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);
    expect(seen.page).toBeDefined();
    // The SPEC's "after about 2 s" (CELEBRATION_DELAY_MS): not before 1.5 s.
    expect((seen.modal ?? 0) - (seen.page ?? 0)).toBeGreaterThanOrEqual(1500);
    await expect(page.getByTestId('celebration-step')).toHaveText('Omnia is now live!', { timeout: 5000 });
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByTestId('celebration-step')).toHaveText('Available Now!');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('launchCelebrationShown'))).not.toBeNull();
    // Not shown again: the page's own clock runs past the delay at once, instead of the test
    // sleeping through it.
    await page.clock.install();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Why Choose Omnia' })).toBeVisible();
    await page.clock.runFor(CELEBRATION_DELAY_MS + 1000);
    await expect(modal).toHaveCount(0);
  });

  test('the celebration steps follow the SPEC timing and Explore Services closes it', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('hasSeenAnimation', 'true'));
    await gotoRunning(page);
    // The order of the steps is asserted, not their exact times (machines under load are slow).
    const step = page.getByTestId('celebration-step');
    await expect(page.getByTestId('celebration')).toBeVisible({ timeout: 10_000 });
    await expect(step).toHaveText(/We're Launching!|Omnia is now live!/);
    await expect(step).toHaveText('Omnia is now live!', { timeout: 5000 });
    await expect(step).toHaveText('Special Launch Offers', { timeout: 6000 });
    await expect(step).toHaveText('Available Now!', { timeout: 8000 });
    await page.getByRole('button', { name: 'Explore Services' }).last().click();
    await expect(page.getByTestId('celebration')).toHaveCount(0);
    await expect(page.locator('#services-title')).toBeInViewport();
  });

  test('each service has one destination: the footer leads where the navigation does', async ({ page }) => {
    await skipLandingAnimations(page);
    await page.route('https://cloudbliss.app/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>CloudBliss itself</h1>' }),
    );
    await page.goto('/');
    await page.locator('footer a[href="/taskcel"]').click();
    await expect(page.getByRole('heading', { name: 'Taskcel' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '404' })).toHaveCount(0);
    await page.goto('/');
    await page.locator('footer a[href="/cloudbliss"]').click();
    await page.waitForURL(/^https:\/\/cloudbliss\.app\//);
    await expect(page.getByRole('heading', { name: 'CloudBliss itself' })).toBeVisible();
  });
});
