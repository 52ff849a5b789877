import { join } from 'node:path';
import { routeBundle } from '../lib/bundle';
import { type LighthouseRow, lighthouseScores } from '../lib/lighthouse';

export const WEB_DIST = join(import.meta.dirname, '../../apps/web/dist');
const JS_BUDGET_BYTES = 100_000;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The gzip weight of the landing and login routes, then Lighthouse on both (if it can run here). */
export async function frontendScenario(base: string, formFactors: ('mobile' | 'desktop')[]) {
  const bundles = [
    routeBundle(WEB_DIST, 'index.html alone', undefined),
    routeBundle(WEB_DIST, '/', 'LandingPage'),
    routeBundle(WEB_DIST, '/login', 'LoginPage'),
  ];
  for (const b of bundles) {
    const verdict = b.js <= JS_BUDGET_BYTES ? 'within' : 'over';
    console.log(
      `  ${b.route}: JS ${kb(b.js)} gzip (${verdict} the ${kb(JS_BUDGET_BYTES)} budget), CSS ${kb(b.css)} gzip, ${b.files.length} files`,
    );
  }
  const lighthouse = await lighthouseScores(base, ['/', '/login'], formFactors);
  if (typeof lighthouse === 'string') console.log(`  Lighthouse could not run: ${lighthouse}`);
  else for (const row of lighthouse) console.log(`  ${describe(row)}`);
  return { bundles, lighthouse };
}

const describe = (r: LighthouseRow) =>
  `Lighthouse ${r.formFactor} ${r.page}: performance ${r.score} (FCP ${Math.round(r.fcpMs)} ms, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)})`;
