import { gzipSync } from 'node:zlib';

export interface FirstPaint {
  page: string;
  /** Classic scripts in <head> without async or defer: the parser runs each before it can paint. */
  blocking: { src: string; gzip: number }[];
  /** With JavaScript switched off: the first contentful paint (ms, unthrottled) and the page's <h1>. */
  withoutJs: { fcpMs: number | null; heading: string | null };
  /** With JavaScript on (a first visit): the scripts that finished before the first contentful paint. */
  beforeFcp: string[];
  /** Every script the page loaded (same-origin paths), until the network was idle. */
  loaded: string[];
  /** The app's JavaScript the first paint waits for: none when the page paints without JavaScript. */
  neededFiles: string[];
}

const PAINT = `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const h1 = document.querySelector('h1');
  const scripts = performance.getEntriesByType('resource')
    .filter((r) => r.initiatorType === 'script' || r.initiatorType === 'link' || r.name.endsWith('.js'))
    .filter((r) => new URL(r.name).pathname.endsWith('.js'))
    .map((r) => ({ path: new URL(r.name).pathname, end: r.responseEnd }));
  return { fcp: fcp ? fcp.startTime : null, heading: h1 && h1.getBoundingClientRect().height > 0 ? h1.textContent.trim() : null, scripts };
})()`;

interface PaintReading {
  fcp: number | null;
  heading: string | null;
  scripts: { path: string; end: number }[];
}

/** The parser-blocking scripts of an HTML page, with their gzip weight as the server sends them. */
async function blockingScripts(base: string, html: string) {
  const head = html.split(/<\/head>/i)[0] ?? '';
  const found: { src: string; gzip: number }[] = [];
  for (const [tag] of head.matchAll(/<script\b[^>]*>/gi)) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (!src || /\b(async|defer)\b|type="module"/.test(tag)) continue;
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    found.push({ src, gzip: gzipSync(body, { level: 9 }).length });
  }
  return found;
}

/**
 * What the first paint of `page` needs: it is loaded in Debian's Chromium once with JavaScript off
 * (does the pre-rendered HTML paint its heading by itself?) and once with it on (which scripts
 * arrived before the first contentful paint, and which the page loads in all).
 */
export async function firstPaint(base: string, page: string): Promise<FirstPaint | string> {
  try {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const read = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({ javaScriptEnabled, locale: 'en-US' });
        const tab = await context.newPage();
        await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
        const reading = (await tab.evaluate(PAINT)) as PaintReading;
        await context.close();
        return reading;
      };
      const html = await (await fetch(`${base}${page}`)).text();
      const off = await read(false);
      const on = await read(true);
      const beforeFcp = on.scripts.filter((s) => on.fcp !== null && s.end <= on.fcp).map((s) => s.path);
      const paintsAlone = off.fcp !== null && off.heading !== null;
      return {
        page,
        blocking: await blockingScripts(base, html),
        withoutJs: { fcpMs: off.fcp, heading: off.heading },
        beforeFcp,
        loaded: [...new Set(on.scripts.map((s) => s.path))],
        // Not pre-rendered: the heading comes from the app's script, so all it fetched first is needed.
        neededFiles: paintsAlone ? [] : beforeFcp.filter((path) => path.startsWith('/assets/')),
      };
    } finally {
      await browser.close();
    }
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
