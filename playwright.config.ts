import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** The passkey specs' server (WebAuthn needs a domain, not an IP: e2e/support/start-server.mjs). */
export const E2E_PASSKEY_URL = `http://localhost:${PORT + 1}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // No retries, in CI too: a test that passes only on its second try is flaky, and must show.
  retries: 0,
  reporter: [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    // English unless a test asks otherwise: the UI follows the browser's language before sign-in.
    locale: 'en-US',
    // Motion is decoration, and in a headless browser without a GPU every animated frame is drawn
    // on the CPU the tests share: the landing page alone (its first-visit intro, its hero ring)
    // took half a core while shown. So tests run as a visitor who asked for reduced motion; the
    // specs about motion (landing, a11y/motion, the first visit's intro) ask for it back.
    reducedMotion: 'reduce',
    // CI keeps only the printed log, so a trace there is work nobody reads: recording one (a
    // screencast and DOM snapshots around every action) took about a third of the browser's CPU
    // on a two-core machine. Locally a failing test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      // Debian's build of the headless shell, which Playwright runs headless tests in by default:
      // the full browser's headless mode at times stopped producing frames under a loaded CI
      // machine (a click then waited for an animation frame until the test timed out).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
  },
});
