import { expect, type Page, test } from '@playwright/test';
import { authorizeUrl } from './people';
import {
  approveClient,
  type RegisteredClient,
  registerClientInUi,
  relyingParty,
  signUpInBrowser,
} from './support';

const REDIRECT_URI = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 7300}/cb`;

test.describe.configure({ mode: 'serial' });

/** An app in testing mode, registered without its pages, as its developer sees it on the consent screen. */
test.describe('the consent screen of an app in testing mode', () => {
  let page: Page;
  let client: RegisteredClient;

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    await signUpInBrowser(page, 'tester');
    client = await registerClientInUi(page, {
      name: 'Unreviewed Tool',
      redirectUris: [REDIRECT_URI],
      links: false,
    });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the operator cannot approve it without its homepage, privacy policy and terms', () => {
    expect(() => approveClient(client.clientId)).toThrow(/homepage, a privacy policy and terms of service/);
  });

  test('its developer is told it is unverified and has published no pages', async () => {
    const { url } = await authorizeUrl(await relyingParty(client), REDIRECT_URI);
    await page.goto(url.href);
    await expect(page.getByRole('heading', { name: 'Unreviewed Tool' })).toBeVisible();
    await expect(page.getByTestId('consent-verified')).toHaveText('Unverified: only you can use it');
    await expect(
      page.getByText('Unreviewed Tool has not published a homepage, privacy policy or terms yet.'),
    ).toBeVisible();
    await expect(page.getByTestId('consent-redirect-host')).toContainText(new URL(REDIRECT_URI).host);
  });

  test('on a 360 px phone in German, the title and the card fit the screen', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    const { url } = await authorizeUrl(await relyingParty(client), REDIRECT_URI, { ui_locales: 'de' });
    await page.goto(url.href);
    const title = page.getByRole('heading', { name: 'Autorisierungsanfrage', level: 1 });
    await expect(title).toBeVisible();
    await expect(page.getByTestId('consent-verified')).toHaveText('Nicht geprüft: nur Sie können sie nutzen');
    // Nothing is cut or pushed sideways: the title is whole and the page does not scroll sideways.
    expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    // On one line: not broken inside the word.
    expect(
      await title.evaluate(
        (h: HTMLElement) => h.offsetHeight < 1.5 * Number.parseFloat(getComputedStyle(h).lineHeight),
      ),
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
