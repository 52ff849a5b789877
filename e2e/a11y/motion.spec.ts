import { expect, test } from '@playwright/test';

const seconds = (value: string) => Math.max(...value.split(',').map((v) => Number.parseFloat(v) || 0));

test('with reduced motion: no landing intro, no looping or fading animation, near-instant transitions', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // A first visit: the intro would normally play.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('intro-animation')).toHaveCount(0);

  const styles = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')].map((el) => {
      const style = getComputedStyle(el);
      return {
        tag: `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120),
        animation: style.animationName,
        animationDuration: style.animationDuration,
        transitionDuration: style.transitionDuration,
      };
    }),
  );
  const moving = styles.filter(
    (s) =>
      (s.animation !== 'none' && seconds(s.animationDuration) > 0.001) ||
      seconds(s.transitionDuration) > 0.001,
  );
  expect(moving, JSON.stringify(moving.slice(0, 5), null, 2)).toEqual([]);
});

test('without reduced motion the landing intro plays on a first visit (the control)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page.getByTestId('intro-animation')).toBeVisible();
});

test('with reduced motion a loading spinner does not spin', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Hold the consent details so the spinner stays up.
  await page.route('**/oauth2/consent/*/details', () => {});
  await page.goto('/oauth2/consent/held');
  const spinner = page.locator('.animate-spin').first();
  await expect(spinner).toBeVisible();
  const duration = await spinner.evaluate((el) => getComputedStyle(el).animationDuration);
  expect(seconds(duration)).toBeLessThan(0.001);
});
