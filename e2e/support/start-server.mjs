// Starts Omnia for the e2e suite, as built for production (npm run build: apps/server/dist), on a
// fresh data directory, with mail going to the e2e SMTP peer.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { e2eDataDir, e2eMailDir } from './mail-dir.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = e2eDataDir(port);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// Derived from the server's port, so suites started side by side (E2E_PORT) never share a peer.
const smtpPort = process.env.E2E_SMTP_PORT ?? String(Number(port) + 2);
const mailDir = e2eMailDir(port);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const smtp = await startSmtpPeer(smtpPort, mailDir);
const serve = (listenPort, publicUrl, dir) =>
  spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The suite signs up about a hundred people from 127.0.0.1 within the hour, near the
      // default budget: a retried test would meet the limit instead of its own failure.
      SIGNUPS_PER_IP_PER_HOUR: '1000',
    },
  });
const child = serve(port, `http://127.0.0.1:${port}`, dataDir);
// WebAuthn refuses an IP address as the relying party: the passkey specs use a second server whose
// PUBLIC_URL is http://localhost (a secure context, like https), on a database of its own.
const passkeyPort = Number(port) + 1;
const passkeyDir = `${dataDir}-passkeys`;
rmSync(passkeyDir, { recursive: true, force: true });
mkdirSync(passkeyDir, { recursive: true });
const passkeyServer = serve(passkeyPort, `http://localhost:${passkeyPort}`, passkeyDir);
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => {
    child.kill(signal);
    passkeyServer.kill(signal);
  });
child.on('exit', (code) => {
  passkeyServer.kill('SIGTERM');
  smtp.close();
  process.exit(code ?? 0);
});
