// Starts Omnia for the e2e suite on a fresh data directory, with mail going to the e2e SMTP peer.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { e2eDataDir, e2eMailDir } from './mail-dir.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = e2eDataDir(port);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const smtpPort = process.env.E2E_SMTP_PORT ?? '2526';
const mailDir = e2eMailDir(port);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const smtp = await startSmtpPeer(smtpPort, mailDir);
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
