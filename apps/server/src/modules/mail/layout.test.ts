import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';
import { renderEmail } from './layout';

describe('renderEmail', () => {
  const mail = renderEmail({
    subject: 'Hi <there>',
    heading: 'Confirm "it"',
    intro: ['Hello <script>alert(1)</script> & welcome'],
    action: { label: 'Go', url: 'https://x.test/a?b=1&c="2"' },
    outro: ["It's fine"],
  });

  it('escapes every interpolated value in the HTML body', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; welcome');
    expect(mail.html).toContain('href="https://x.test/a?b=1&amp;c=&quot;2&quot;"');
    expect(mail.html).toContain('Confirm &quot;it&quot;');
    expect(mail.html).toContain('It&#39;s fine');
    expect(mail.html).toContain('Omnia');
  });

  it('writes a plain-text body with the raw link', () => {
    expect(mail.text).toContain('Go: https://x.test/a?b=1&c="2"');
    expect(mail.text).toContain('Hello <script>alert(1)</script> & welcome');
    expect(mail.subject).toBe('Hi <there>');
  });

  it('escapeHtml handles all five characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
