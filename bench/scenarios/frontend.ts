import { join } from 'node:path';
import { type JsCosts, jsCosts, routeBundle } from '../lib/bundle';
import { type FirstPaint, firstPaint } from '../lib/first-paint';
import { type LighthouseRow, lighthouseScores } from '../lib/lighthouse';

const WEB_DIST = join(import.meta.dirname, '../../apps/web/dist');
const JS_BUDGET_BYTES = 100_000;
const LIGHTHOUSE_PAGES = ['/', '/login', '/signup'];
/** How many packages and files of the landing's JavaScript are listed by name. */
const LISTED = 12;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * The gzip weight of the landing and login routes; what the landing's first paint needs and what
 * its JavaScript costs, by package and by file; then Lighthouse on the public screens (if it can
 * run here).
 */
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
  const paint = await firstPaint(base, '/');
  let landing: { paint: FirstPaint; costs: JsCosts; needed: JsCosts } | undefined;
  if (typeof paint === 'string') console.log(`  first paint could not be measured: ${paint}`);
  else {
    const files = (paths: string[]) => paths.map((path) => path.replace(/^\//, ''));
    landing = {
      paint,
      costs: jsCosts(WEB_DIST, files(paint.loaded)),
      needed: jsCosts(WEB_DIST, files(paint.neededFiles)),
    };
    for (const line of describeLanding(landing)) console.log(`  ${line}`);
  }
  const lighthouse = await lighthouseScores(base, LIGHTHOUSE_PAGES, formFactors);
  if (typeof lighthouse === 'string') console.log(`  Lighthouse could not run: ${lighthouse}`);
  else for (const row of lighthouse) console.log(`  ${describe(row)}`);
  return { bundles, landing, lighthouse };
}

function describeLanding({ paint, costs, needed }: { paint: FirstPaint; costs: JsCosts; needed: JsCosts }) {
  const blocking = paint.blocking.map((s) => `${s.src} ${kb(s.gzip)}`).join(', ') || 'none';
  const { fcpMs, heading } = paint.withoutJs;
  const alone =
    fcpMs !== null && heading !== null
      ? `paints with JavaScript off (FCP ${Math.round(fcpMs)} ms unthrottled, heading "${heading}")`
      : 'paints nothing with JavaScript off';
  const list = (costsOf: { name: string; gzip: number }[]) =>
    costsOf
      .slice(0, LISTED)
      .map((c) => `${c.name} ${kb(c.gzip)}`)
      .join(', ');
  return [
    `landing first paint: the app's JavaScript it needs ${kb(needed.total.gzip)} gzip; the HTML ${alone}; parser-blocking scripts: ${blocking}`,
    `landing JavaScript in all (first visit, until the network is idle): ${kb(costs.total.gzip)} gzip, ${kb(costs.total.raw)} minified, ${costs.chunks.length} files`,
    `  by package: ${list(costs.packages)}`,
    `  by file: ${list(costs.chunks)}`,
  ];
}

const describe = (r: LighthouseRow) =>
  `Lighthouse ${r.formFactor} ${r.page}: performance ${r.score} (FCP ${Math.round(r.fcpMs)} ms, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)})`;
