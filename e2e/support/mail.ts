import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { e2eMailDir } from './mail-dir.mjs';

interface StoredMail {
  to: string[];
  subject: string;
  text: string;
}

async function mailsTo(email: string): Promise<StoredMail[]> {
  const dir = e2eMailDir();
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredMail),
  );
  return mails.filter((m) => m.to.includes(email.toLowerCase()) || m.to.includes(email));
}

/** The newest link to `pathPrefix` (e.g. '/api/auth/verify') in mail the SMTP peer received for `email`. */
export async function mailedLink(email: string, pathPrefix: string, timeoutMs = 15_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of (await mailsTo(email)).reverse()) {
      const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === pathPrefix);
      if (link) return link;
    }
    if (Date.now() > end) throw new Error(`no mail to ${email} with a ${pathPrefix} link`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
