import { DEFAULT_LANGUAGE, type Language, PRODUCT_NAME } from '@omnia/contracts';
import { escapeHtml } from './html';
import { fill, mailStrings } from './locales';

export interface EmailContent {
  subject: string;
  /** Short heading at the top of the message. */
  heading: string;
  /** Paragraphs before the button (plain text; escaped here). */
  intro: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button, e.g. expiry and "ignore this if it wasn't you". */
  outro: string[];
}

/**
 * The branded HTML and the plain-text body of a transactional message, with the frame's own texts
 * in `lang` (the content comes already translated). Every value is escaped.
 */
export function renderEmail(
  content: EmailContent,
  lang: Language = DEFAULT_LANGUAGE,
): { subject: string; text: string; html: string } {
  const product = escapeHtml(PRODUCT_NAME);
  const strings = mailStrings(lang).layout;
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(t)}</p>`;
  const button = content.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:10px;background:#6d28d9;background-image:linear-gradient(135deg,#6366f1,#a855f7)">
<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(content.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#64748b">${escapeHtml(strings.buttonFallback)}<br><a href="${escapeHtml(content.action.url)}" style="color:#6d28d9;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="padding:20px 32px;background:#0f172a;background-image:linear-gradient(135deg,#6366f1,#a855f7)"><span style="font-size:20px;font-weight:700;color:#ffffff;letter-spacing:0.3px">${product}</span></td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0f172a">${escapeHtml(content.heading)}</h1>
${content.intro.map(p).join('\n')}
${button}
${content.outro.map(p).join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-size:12px;color:#94a3b8">${escapeHtml(fill(strings.footer))}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    PRODUCT_NAME,
    '',
    content.heading,
    '',
    ...content.intro.flatMap((t) => [t, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...content.outro.flatMap((t) => [t, '']),
    '--',
    fill(strings.textFooter),
  ].join('\n');
  return { subject: content.subject, text, html };
}
