import { type LoadResult, load } from '../lib/cannon';
import { BROWSER_ACCEPT_ENCODING } from '../lib/omnia-oauth';

/** The services catalogue, as the web app's pages read it. */
export function servicesScenario(base: string, seconds: number): Promise<LoadResult> {
  return load('GET /api/services', {
    url: `${base}/api/services`,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    connections: 20,
    durationSeconds: seconds,
  });
}

/** The public, anonymous reads: the services catalogue and the landing page's HTML and assets. */
export async function staticScenarios(base: string, seconds: number): Promise<LoadResult[]> {
  const html = await (await fetch(`${base}/`)).text();
  // A pre-rendered page names its entry in data-entry (public/load-app.js loads it after the paint).
  const assets = [...html.matchAll(/(?:src|href|data-entry)="(\/assets\/[^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  const results = [
    await servicesScenario(base, seconds),
    await load('GET / (landing HTML)', { url: `${base}/`, connections: 20, durationSeconds: seconds }),
  ];
  const js = assets.find((a) => a.endsWith('.js'));
  if (js) {
    results.push(
      await load(`GET ${js.replace(/-[\w-]+\./, '-*.')} (gzip)`, {
        url: `${base}${js}`,
        headers: { 'accept-encoding': 'gzip' },
        connections: 20,
        durationSeconds: seconds,
      }),
    );
  }
  return results;
}
