import { PRODUCT_NAME } from '@omnia/contracts';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { escapeHtml } from './html';
import type { OutboxRepo } from './repo';
import { linksOf } from './senders';

const LIMIT = 50;

/** GET /dev/mailbox: the outbox as a plain page, newest first (development only, never in production). */
export function devMailboxRoutes(repo: OutboxRepo) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const messages = await repo.listRecent(LIMIT);
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
