export interface LighthouseRow {
  page: string;
  formFactor: 'mobile' | 'desktop';
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Lighthouse's performance category (its default simulated throttling) in Debian's Chromium.
 * Returns the rows, or the reason it could not run (the bench goes on without it).
 */
export async function lighthouseScores(
  base: string,
  pages: string[],
  formFactors: ('mobile' | 'desktop')[],
): Promise<LighthouseRow[] | string> {
  let chrome: { port: number; kill(): void } | undefined;
  try {
    const { default: lighthouse, desktopConfig } = await import('lighthouse');
    const launcher = await import('chrome-launcher');
    chrome = await launcher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const rows: LighthouseRow[] = [];
    for (const formFactor of formFactors) {
      for (const page of pages) {
        const run = () =>
          lighthouse(
            `${base}${page}`,
            { port: chrome?.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
        // On a loaded machine the trace sometimes fails to record (NO_NAVSTART): Lighthouse itself
        // says to run it again.
        let result = await run();
        for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) result = await run();
        const lhr = result?.lhr;
        const score = lhr?.categories.performance?.score;
        if (!lhr || score === null || score === undefined)
          return `no performance score for ${page}: ${lhr?.runtimeError?.message ?? 'no result'}`;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        rows.push({
          page,
          formFactor,
          score: Math.round(score * 100),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        });
      }
    }
    return rows;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    chrome?.kill();
  }
}
