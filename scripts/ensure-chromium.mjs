// Browser tests need Debian's Chromium headless shell (playwright.config.ts says why). Installs it
// when missing and we are root; otherwise says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (existsSync(path)) process.exit(0);
if (process.getuid?.() === 0) {
  console.log('Chromium is missing: installing Debian chromium-headless-shell (apt-get)...');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
    {
      stdio: 'inherit',
    },
  );
  if (existsSync(path)) process.exit(0);
}
console.error(
  `Chromium not found at ${path}. Install it with: sudo apt-get update && sudo apt-get install -y chromium-headless-shell`,
);
process.exit(1);
