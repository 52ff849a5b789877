import { PRODUCT_NAME } from '@omnia/contracts';
import { Hono } from 'hono';
import type { Config } from '../../config';
import type { AppEnv } from '../../http/context';
import { fromThisMachine } from '../../http/this-machine';
import type { DevMailbox } from './dev-mailbox';
import { escapeHtml } from './html';
import { linksOf } from './senders';

const LIMIT = 50;
export const DEV_MAILBOX_PATH = '/dev/mailbox';

/** Without SMTP, mail is readable at the dev mailbox; never in production. */
export function devMailboxEnabled(config: Pick<Config, 'smtpUrl' | 'env'>): boolean {
  return !config.smtpUrl && config.env !== 'production';
}

/**
 * GET /dev/mailbox: the outbox as a plain page, newest first. It holds every reset link, so it
 * answers loopback clients only, and only under a name of this machine (PUBLIC_URL's host,
 * localhost, 127.0.0.1, [::1]): a web page that rebinds its own name to 127.0.0.1 reaches it from
 * loopback too, as its own origin (DNS rebinding). Anyone else gets the 404 of an unknown path.
 */
export function devMailboxRoutes(mailbox: DevMailbox, publicUrl: string) {
  const names = new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1', '[::1]']);
  const ourName = (host: string | undefined) => {
    try {
      return host !== undefined && names.has(new URL(`http://${host}`).hostname);
    } catch {
      return false;
    }
  };
  return new Hono<AppEnv>().get('/', async (c) => {
    if (!fromThisMachine(c) || !ourName(c.req.header('host'))) return c.notFound();
    const messages = await mailbox.recent(LIMIT);
    const items = messages.map((m) => {
      const links = linksOf(m.text_body)
        .map((href) => `<li><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`)
        .join('');
      const status = m.sent_at ? 'delivered' : `queued (attempts: ${m.attempts})`;
      return `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to_address)}</strong> · ${escapeHtml(new Date(m.created_at).toISOString())} · ${escapeHtml(status)}</p>
${links ? `<ul>${links}</ul>` : ''}
<details><summary>Text body</summary><pre>${escapeHtml(m.text_body)}</pre></details>
</article>`;
    });
    const body = items.length ? items.join('\n') : '<p>No messages yet.</p>';
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(PRODUCT_NAME)} dev mailbox</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;line-height:1.5">
<h1>${escapeHtml(PRODUCT_NAME)} dev mailbox</h1>
<p>Mail is not sent because SMTP_URL is unset. The newest ${LIMIT} messages are listed here.</p>
${body}
</body></html>`);
  });
}
