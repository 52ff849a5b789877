import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { captureCallback, type RegisteredClient, registerClientInUi, signUpInBrowser } from './support';

/**
 * The Documentation tab's code examples, copied from the page as a developer would, run against
 * this server: each signs the test user in through the real consent screen.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function hasPython(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Starts an example server and resolves once it prints its 'Listening' line. */
function startExample(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`example exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`example did not start: ${output}`)), 15_000);
  });
  return { child, ready, output: () => output };
}

async function exampleCode(page: Page, language: 'Node.js' | 'Python' | 'JavaScript') {
  await page.goto('/dev-program/oauth2?tab=documentation');
  await page.getByRole('tab', { name: 'Code Examples' }).click();
  await page.getByRole('tab', { name: language }).click();
  const code = await page.getByRole('tabpanel', { name: language }).locator('pre code').textContent();
  expect(code).toBeTruthy();
  return code ?? '';
}

/**
 * Follows a sign-in through Omnia: clicks Allow once if the consent screen asks (first time only),
 * then waits for the browser to reach `doneUrl`. Clicking again while the first Allow is on its way
 * would wait for a button that the next page no longer has.
 */
async function approveIfAsked(page: Page, doneUrl: string) {
  const arrived = (url: URL) => url.href.startsWith(doneUrl);
  const allow = page.getByRole('button', { name: 'Allow' });
  const asked = await Promise.race([
    page.waitForURL(arrived, { timeout: 20_000 }).then(
      () => false,
      () => false,
    ),
    allow.waitFor({ state: 'visible', timeout: 20_000 }).then(
      () => true,
      () => false,
    ),
  ]);
  if (asked) await allow.click();
  await page.waitForURL(arrived, { timeout: 20_000 });
}

test.describe('documentation examples work against this deployment', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let client: RegisteredClient;
  const dir = mkdtempSync(join(tmpdir(), 'omnia-examples-'));
  const children: ChildProcess[] = [];
  const ports: Record<'node' | 'python' | 'js', number> = { node: 0, python: 0, js: 0 };
  // A free loopback port nobody listens on (not one of Chromium's blocked ports): the test
  // catches the browser's arrival there.
  let jsRedirect = '';

  test.beforeAll(async ({ browser }) => {
    ports.node = await freePort();
    ports.python = await freePort();
    ports.js = await freePort();
    jsRedirect = `http://127.0.0.1:${ports.js}/js/callback`;
    context = await browser.newContext();
    page = await context.newPage();
    ({ email } = await signUpInBrowser(page, 'docs'));
    client = await registerClientInUi(page, {
      name: 'Docs Example App',
      redirectUris: [
        `http://localhost:${ports.node}/callback`,
        `http://localhost:${ports.python}/callback`,
        jsRedirect,
      ],
    });
  });
  test.afterAll(async () => {
    for (const child of children) child.kill();
    await context.close();
  });

  const credentials = () => ({ OMNIA_CLIENT_ID: client.clientId, OMNIA_CLIENT_SECRET: client.clientSecret });

  test('Node.js', async () => {
    const file = join(dir, 'omnia-login.mjs');
    writeFileSync(file, await exampleCode(page, 'Node.js'));
    const redirect = `http://localhost:${ports.node}/callback`;
    const example = startExample(process.execPath, [file], {
      ...credentials(),
      OMNIA_REDIRECT_URI: redirect,
    });
    children.push(example.child);
    await example.ready;
    await page.goto(`http://localhost:${ports.node}/login`);
    await approveIfAsked(page, redirect);
    const user = JSON.parse((await page.locator('body').textContent()) ?? '{}');
    expect(user.email).toBe(email);
    expect(user.sub).toBeTruthy();
  });

  test('Python', async () => {
    test.skip(!hasPython(), 'python3 is not installed');
    const file = join(dir, 'omnia_login.py');
    writeFileSync(file, await exampleCode(page, 'Python'));
    const redirect = `http://localhost:${ports.python}/callback`;
    const example = startExample('python3', [file], { ...credentials(), OMNIA_REDIRECT_URI: redirect });
    children.push(example.child);
    await example.ready;
    await page.goto(`http://localhost:${ports.python}/login`);
    await approveIfAsked(page, redirect);
    const user = JSON.parse((await page.locator('body').textContent()) ?? '{}');
    expect(user.email).toBe(email);
  });

  test('JavaScript: sign in, refresh (rotating) and revoke', async () => {
    const file = join(dir, 'omnia-oauth.mjs');
    writeFileSync(file, await exampleCode(page, 'JavaScript'));
    const mod = (await import(pathToFileURL(file).href)) as {
      config: { clientId: string; clientSecret: string; redirectUri: string };
      createAuthorizationRequest(): Promise<{ url: string; state: string; codeVerifier: string }>;
      handleCallback(url: string, state: string, verifier: string): Promise<Record<string, string>>;
      getUserInfo(token: string): Promise<Record<string, unknown>>;
      refreshTokens(token: string): Promise<Record<string, string>>;
      revokeToken(token: string, hint?: string): Promise<void>;
    };
    Object.assign(mod.config, {
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: jsRedirect,
    });
    const request = await mod.createAuthorizationRequest();
    const callback = captureCallback(page, jsRedirect);
    await page.goto(request.url);
    await approveIfAsked(page, jsRedirect);
    const back = await callback;
    const tokens = await mod.handleCallback(back.href, request.state, request.codeVerifier);
    expect((await mod.getUserInfo(tokens.access_token ?? '')).email).toBe(email);

    const refreshed = await mod.refreshTokens(tokens.refresh_token ?? '');
    expect(refreshed.access_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mod.getUserInfo(refreshed.access_token ?? '')).sub).toBeTruthy();

    await mod.revokeToken(refreshed.access_token ?? '', 'access_token');
    await expect(mod.getUserInfo(refreshed.access_token ?? '')).rejects.toThrow(/401/);
    // The rotated-out refresh token no longer works.
    await expect(mod.refreshTokens(tokens.refresh_token ?? '')).rejects.toThrow(/invalid_grant/);
  });
});
