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

/**
 * The newest link to `pathPrefix` (e.g. '/auth/callback') in mail the SMTP peer received for
 * `email`, once at least `count` such mails have arrived (a later mail replaces an earlier link).
 */
export async function mailedLink(
  email: string,
  pathPrefix: string,
  timeoutMs = 15_000,
  count = 1,
): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const links = (await mailsTo(email)).flatMap(
      (mail) =>
        mail.text.match(/https?:\/\/\S+/g)?.filter((url) => new URL(url).pathname === pathPrefix) ?? [],
    );
    const newest = links.at(-1);
    if (newest && links.length >= count) return newest;
    if (Date.now() > end) throw new Error(`no mail to ${email} with a ${pathPrefix} link`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
