import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { fillIdentity, signUpAndVerify, uniqueEmail } from '../support/accounts';

// A picture the server refuses is said at its field, the previous picture stays, and no success
// message appears: the profile picture (onboarding and /profile) and an app's logo (register, edit).

const PNG = readFileSync('e2e/fixtures/avatar.png');
/** Starts like a PNG, then nothing an image decoder can read: only the server can tell. */
const FAKE_PNG = {
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(2048, 7)]),
};
const SVG = {
  name: 'logo.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};
const HUGE = {
  name: 'huge.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
};
const GOOD = { name: 'avatar.png', mimeType: 'image/png', buffer: PNG };

const UNREADABLE = 'The image could not be read';
const WRONG_TYPE = 'Only PNG, JPEG, WebP and GIF images are accepted';
const TOO_BIG = 'Images must be at most 5 MB';

/** Everything the page ever shows, recorded as it appears (a toast may come and go). */
async function recordTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __seen: seen });
    new MutationObserver((records) => {
      for (const r of records) for (const n of Array.from(r.addedNodes)) seen.push(n.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
}
const seenTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.join('\n'));

test('a refused profile picture is said at the field and the previous picture stays', async ({ page }) => {
  test.setTimeout(120_000);
  await recordTexts(page);
  await signUpAndVerify(page, uniqueEmail('picture'));
  await expect(page).toHaveURL(/\/signup\/identity$/);

  // Onboarding: a fake PNG stops the step with the server's words at the field; nothing is saved.
  const picker = page.getByLabel('Profile picture', { exact: true });
  await fillIdentity(page, `pic_${Date.now().toString(36)}`);
  await picker.setInputFiles(FAKE_PNG);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(page).toHaveURL(/\/signup\/identity$/);
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveCount(0);
  expect(await seenTexts(page)).not.toContain('Identity updated successfully');
  // A good picture then goes through.
  await picker.setInputFiles(GOOD);
  await expect(page.getByRole('alert').filter({ hasText: UNREADABLE })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/signup\/setup$/);

  // /profile: the stored picture, then each refusal keeps it.
  await page.goto('/profile?edit=1');
  const shown = page.getByRole('img', { name: 'Profile picture' });
  await expect(shown).toHaveAttribute('src', /^\/storage\//);
  const stored = await shown.getAttribute('src');

  await picker.setInputFiles(SVG);
  await expect(page.getByRole('alert').filter({ hasText: WRONG_TYPE })).toBeVisible();
  await expect(shown).toHaveAttribute('src', stored ?? '');
  await picker.setInputFiles(HUGE);
  await expect(page.getByRole('alert').filter({ hasText: TOO_BIG })).toBeVisible();
  await expect(shown).toHaveAttribute('src', stored ?? '');

  await picker.setInputFiles(FAKE_PNG);
  await expect(shown).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(shown).toHaveAttribute('src', stored ?? '');
  await expect(picker).toBeFocused();
  expect(await seenTexts(page)).not.toContain('Profile updated');
  await page.reload();
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', stored ?? '');

  // A good picture: saved, and now the success message.
  await page.getByLabel('Profile picture', { exact: true }).setInputFiles(GOOD);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
});

test("a refused app logo is said at the field; registering stops and an edit keeps the app's logo", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await recordTexts(page);
  await signUpAndVerify(page, uniqueEmail('logo'));
  await page.goto('/dev-program/oauth2/new');
  await page.getByLabel('Application Name').fill('Logo Check');
  await page.getByLabel('Redirect URI 1', { exact: true }).fill('https://app.example.test/cb');
  const logo = page.getByTestId('logo-input');

  // Refused by the browser's reading of the file: said at once.
  await logo.setInputFiles(SVG);
  await expect(page.getByRole('alert').filter({ hasText: WRONG_TYPE })).toBeVisible();
  // Refused by the server: said at the field when registering, which stops; the picker is empty.
  await logo.setInputFiles(FAKE_PNG);
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Register Application' }).click();
  await expect(page.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(page.getByText('Failed to upload logo')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Application Registered!' })).toHaveCount(0);

  // With a real logo it registers.
  await logo.setInputFiles(GOOD);
  await expect(page.getByRole('alert').filter({ hasText: UNREADABLE })).toHaveCount(0);
  await page.getByRole('button', { name: 'Register Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Registered!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Developer Dashboard' }).click();
  await page
    .getByTestId('client-card')
    .filter({ hasText: 'Logo Check' })
    .getByRole('link', { name: 'View Details' })
    .click();
  await page.waitForURL(/\/dev-program\/oauth2\/clients\/[^/]+$/);

  // Edit: a refused logo keeps the app's logo, says why at the field, and saves nothing.
  await page.getByRole('button', { name: 'Edit app' }).click();
  const dialog = page.getByRole('dialog');
  const current = dialog.getByRole('img', { name: 'Current logo' });
  const before = await current.getAttribute('src');
  expect(before).toMatch(/^\/storage\//);
  await dialog.getByLabel('Application Name').fill('Logo Check Renamed');
  await dialog.getByTestId('logo-input').setInputFiles(FAKE_PNG);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(current).toHaveAttribute('src', before ?? '');
  await expect(dialog.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);
  expect(await seenTexts(page)).not.toContain('App updated');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Logo Check', exact: true })).toBeVisible();
});
