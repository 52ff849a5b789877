import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';
import * as oidc from 'openid-client';
import { registerClientInUi, relyingParty, signUpInBrowser } from './support';

/*
 * The Documentation tab's single-page-app and command-line examples, copied from the
 * page as a developer would, filled with their own app's Client ID, and run as written: the React
 * app with oidc-client-ts in Chromium on another origin (CORS), the command-line tool with
 * openid-client on a loopback port it picks at run time.
 */

// Under the repository, so the examples' imports (react, oidc-client-ts, openid-client) resolve.
const cache = join(process.cwd(), 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'omnia-app-examples-'));

/**
 * The example as the Code Examples tab shows it; with `clientId`, once the developer's apps have
 * loaded and it names that app (until then it shows YOUR_CLIENT_ID).
 */
async function exampleCode(
  page: Page,
  tab: 'Single-page app' | 'Command line' | 'Device (code)' | 'Service' | 'Your API (jose)',
  clientId?: string,
) {
  await page.goto('/dev-program/oauth2?tab=documentation');
  await page.getByRole('tab', { name: 'Code Examples' }).click();
  await page.getByRole('tab', { name: tab }).click();
  const shown = page.getByRole('tabpanel', { name: tab }).locator('pre code');
  if (clientId) await expect(shown).toContainText(`'${clientId}'`);
  const code = await shown.textContent();
  expect(code).toBeTruthy();
  return code ?? '';
}

/** A loopback port free now (the app's origin is registered before the app is built). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The React app: the example component, bundled as a developer's build would, served with a fallback to index.html. */
async function serveSpa(component: string, port: number): Promise<Server> {
  writeFileSync(join(dir, 'OmniaLogin.jsx'), component);
  writeFileSync(
    join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\nimport { OmniaLogin } from './OmniaLogin.jsx';\ncreateRoot(document.getElementById('root')).render(<OmniaLogin />);\n",
  );
  await build({
    entryPoints: [join(dir, 'main.jsx')],
    bundle: true,
    jsx: 'automatic',
    format: 'esm',
    outfile: join(dir, 'app.js'),
    logLevel: 'silent',
  });
  const bundle = readFileSync(join(dir, 'app.js'));
  const server = createServer((req, res) => {
    if (req.url === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        '<!doctype html><title>Notes</title><div id="root"></div><script type="module" src="/app.js"></script>',
      );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

test.describe('the examples of each kind of app work against this deployment', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let spa: Server | undefined;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    ({ email } = await signUpInBrowser(page, 'kinds'));
  });
  test.afterAll(async () => {
    spa?.close();
    await context.close();
  });

  test('a React single-page app with oidc-client-ts: sign-in, renewal with the refresh token, sign-out', async () => {
    const origin = `http://127.0.0.1:${await freePort()}`;
    const { clientId } = await registerClientInUi(page, {
      name: 'Notes SPA',
      type: 'Single-page app',
      redirectUris: [`${origin}/callback`],
      postLogoutUris: [`${origin}/`],
    });
    const code = await exampleCode(page, 'Single-page app', clientId);
    expect(code).toContain(`client_id: '${clientId}'`);
    spa = await serveSpa(code, Number(new URL(origin).port));

    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'Sign in with Omnia' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByText(`(${email})`)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin);

    // Renewal: a refresh_token grant from the app's origin, which the browser lets it read.
    const renewal = page.waitForResponse(
      (r) => r.url().endsWith('/oauth2/token') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Renew tokens' }).click();
    const renewed = await renewal;
    expect(renewed.status()).toBe(200);
    expect(renewed.request().postData()).toContain('grant_type=refresh_token');
    expect(await renewed.headerValue('access-control-allow-origin')).toBe(origin);
    await expect(page.getByText(`(${email})`)).toBeVisible();

    // Sign-out revokes the tokens from the app, then ends the Omnia session on Omnia's page.
    const revocation = page.waitForResponse((r) => r.url().endsWith('/oauth2/revoke'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    const revoked = await revocation;
    expect(revoked.status()).toBe(200);
    expect(await revoked.headerValue('access-control-allow-origin')).toBe(origin);
    await page.waitForURL((url) => url.origin !== origin);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign in with Omnia' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin);
  });

  test('a command-line tool with openid-client on a loopback port it picks', async () => {
    // Signed out by the previous test: sign in again.
    ({ email } = await signUpInBrowser(page, 'cli'));
    const { clientId } = await registerClientInUi(page, {
      name: 'Notes CLI',
      type: 'Native or mobile app',
      redirectUris: ['http://127.0.0.1/callback'],
    });
    const code = await exampleCode(page, 'Command line', clientId);
    expect(code).toContain(`'${clientId}'`);
    const file = join(dir, 'omnia-cli.mjs');
    writeFileSync(file, code);
    const cli = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<number | null>((resolve) => cli.on('exit', resolve));
    const address = new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const url = output.match(/^(http\S+\/oauth2\/authorize\?\S+)$/m)?.[1];
        if (url) resolve(url);
      };
      cli.stdout.on('data', onData);
      cli.stderr.on('data', onData);
      setTimeout(() => reject(new Error(`no address printed: ${output}`)), 15_000);
    });
    try {
      await page.goto(await address);
      await page.getByRole('button', { name: 'Allow' }).click();
      await expect(page.getByText('You are signed in. You can close this window.')).toBeVisible();
      expect(new URL(page.url()).hostname).toBe('127.0.0.1');
      expect(await exited).toBe(0);
      const user = JSON.parse(output.match(/^Signed in: (.*)$/m)?.[1] ?? '{}');
      expect(user.email).toBe(email);
    } finally {
      cli.kill();
    }
  });

  test('a device with openid-client and the device grant, approved in the browser', async () => {
    const { clientId } = await registerClientInUi(page, {
      name: 'Notes TV',
      type: 'Device or command line',
      redirectUris: [],
    });
    const code = await exampleCode(page, 'Device (code)', clientId);
    expect(code).toContain(`'${clientId}'`);
    const file = join(dir, 'omnia-device.mjs');
    writeFileSync(file, code);
    const device = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<number | null>((resolve) => device.on('exit', resolve));
    const link = new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const url = output.match(/^(http\S+\/oauth2\/device\?user_code=\S+)$/m)?.[1];
        if (url) resolve(url);
      };
      device.stdout.on('data', onData);
      device.stderr.on('data', onData);
      setTimeout(() => reject(new Error(`no address printed: ${output}`)), 15_000);
    });
    try {
      await page.goto(await link);
      const userCode = output.match(/enter the code (\S+)/)?.[1] ?? '';
      await expect(page.getByLabel('Code')).toHaveValue(userCode);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByTestId('consent-device')).toContainText(userCode);
      await page.getByRole('button', { name: 'Allow' }).click();
      await expect(page.getByRole('heading', { name: 'Your device is connected' })).toBeVisible();
      expect(await exited).toBe(0);
      const user = JSON.parse(output.match(/^Signed in: (.*)$/m)?.[1] ?? '{}');
      expect(user.email).toBe(email);
    } finally {
      device.kill();
    }
  });

  test('a service with openid-client calls an API that checks its token with jose', async () => {
    const identifier = 'https://orders.examples.e2e/api';
    await page.goto('/dev-program/oauth2/apis/new');
    await page.getByLabel('API name').fill('Orders for examples');
    await page.getByLabel('Identifier').fill(identifier);
    await page.getByLabel('Scope name').fill('orders:read');
    await page.getByLabel('What it allows (shown to people)').fill('See your orders');
    await page.getByRole('button', { name: 'Register API' }).click();
    await expect(page.getByTestId('api-secret')).toBeVisible();
    // A second API, whose tokens the first must refuse.
    await page.goto('/dev-program/oauth2/apis/new');
    await page.getByLabel('API name').fill('Stock for examples');
    await page.getByLabel('Identifier').fill('https://stock.examples.e2e/');
    await page.getByLabel('Scope name').fill('orders:read');
    await page.getByLabel('What it allows (shown to people)').fill('See your stock');
    await page.getByRole('button', { name: 'Register API' }).click();
    await expect(page.getByTestId('api-secret')).toBeVisible();
    const service = await registerClientInUi(page, {
      name: 'Orders sync',
      type: 'Service (machine to machine)',
      redirectUris: [],
    });
    const serviceCode = await exampleCode(page, 'Service', service.clientId);
    expect(serviceCode).toContain(`'${service.clientId}'`);
    const apiCode = await exampleCode(page, 'Your API (jose)');
    writeFileSync(join(dir, 'omnia-service.mjs'), serviceCode);
    writeFileSync(join(dir, 'omnia-api.mjs'), apiCode);

    const port = await freePort();
    const env = { ...process.env, OMNIA_API: identifier, PORT: String(port) };
    const apiProcess = spawn(process.execPath, [join(dir, 'omnia-api.mjs')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let said = '';
        apiProcess.stdout.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          if (said.includes('API listening')) resolve();
        });
        setTimeout(() => reject(new Error(`the API did not start: ${said}`)), 15_000);
      });
      const apiUrl = `http://127.0.0.1:${port}`;
      expect((await fetch(`${apiUrl}/orders`)).status).toBe(401);
      // A valid Omnia token for another API (another audience) is refused too.
      const config = await relyingParty(service);
      const other = await oidc.clientCredentialsGrant(config, {
        resource: 'https://stock.examples.e2e/',
        scope: 'orders:read',
      });
      const refused = await fetch(`${apiUrl}/orders`, {
        headers: { authorization: `Bearer ${other.access_token}` },
      });
      expect(refused.status).toBe(401);
      const run = spawn(process.execPath, [join(dir, 'omnia-service.mjs')], {
        env: { ...env, OMNIA_CLIENT_SECRET: service.clientSecret, API_URL: apiUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      run.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      run.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      expect(await new Promise((resolve) => run.on('exit', resolve)), output).toBe(0);
      const answer = JSON.parse(output.match(/^API answered 200: (.*)$/m)?.[1] ?? '{}');
      expect(answer).toEqual({ orders: [], caller: service.clientId, app: service.clientId });
    } finally {
      apiProcess.kill();
    }
  });
});
