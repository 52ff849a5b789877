// Where the e2e SMTP peer drops each message it receives (one JSON file per message).
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function e2eMailDir(port = process.env.E2E_PORT ?? '3100') {
  return process.env.E2E_MAIL_DIR ?? join(tmpdir(), `omnia-e2e-mail-${port}`);
}

/** The e2e server's data directory (fresh for each run), so a test can run the admin command on it. */
export function e2eDataDir(port = process.env.E2E_PORT ?? '3100') {
  return join(tmpdir(), `omnia-e2e-data-${port}`);
}
