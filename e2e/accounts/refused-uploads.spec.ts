import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { fillIdentity, signUpAndVerify, uniqueEmail } from '../support/accounts';

// A picture the server refuses is said at its field, the previous picture stays, and no success
// message appears: the profile picture (onboarding and /profile) and an app's logo (register, edit).

const PNG = readFileSync('e2e/fixtures/avatar.png');
/** Starts like a PNG, then nothing an image decoder can read: refused as soon as it is picked. */
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

/** CRC-32 of a PNG chunk (type and data). */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}
/**
 * A real, tiny PNG the browser draws but the server refuses: 8000 × 6000 grey pixels, more than
 * the server decodes (40 million). Only the server can tell.
 */
function giantPng(width = 8000, height = 6000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height); // filter byte 0, black pixels
  const buffer = Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name: 'giant.png', mimeType: 'image/png', buffer };
}
const GIANT = giantPng();

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

  // Onboarding: a broken file is refused as soon as it is picked, never previewed.
  const picker = page.getByLabel('Profile picture', { exact: true });
  await fillIdentity(page, `pic_${Date.now().toString(36)}`);
  await picker.setInputFiles(FAKE_PNG);
  await expect(page.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveCount(0);
  // One only the server refuses stops the step with its words at the field; nothing is saved.
  await picker.setInputFiles(GIANT);
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /^blob:/);
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
  await expect(page.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(shown).toHaveAttribute('src', stored ?? '');
  await picker.setInputFiles(GIANT);
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
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
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
  // A broken file: said at once, no preview.
  await logo.setInputFiles(FAKE_PNG);
  await expect(page.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);
  // Refused by the server: said at the field when registering, which stops; the picker is empty.
  await logo.setInputFiles(GIANT);
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
  await dialog.getByTestId('logo-input').setInputFiles(GIANT);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(current).toHaveAttribute('src', before ?? '');
  await expect(dialog.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);
  expect(await seenTexts(page)).not.toContain('App updated');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Logo Check', exact: true })).toBeVisible();
});
