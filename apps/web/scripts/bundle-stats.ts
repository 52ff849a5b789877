import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** dist/.vite/modules.json: for every chunk, the minified bytes each source module puts in it. */
const BUNDLE_STATS_FILE = '.vite/modules.json';
type BundleStats = Record<string, Record<string, number>>;

/**
 * Writes BUNDLE_STATS_FILE, from which bench/lib/bundle.ts tells what each package costs the
 * landing page (no source maps needed). Module ids are relative to the repository.
 */
export function bundleStats(root: string): Plugin {
  return {
    name: 'omnia-bundle-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const stats: BundleStats = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        stats[file] = Object.fromEntries(
          Object.entries(output.modules)
            .filter(([, module]) => module.renderedLength > 0)
            .map(([id, module]) => [id.startsWith('/') ? relative(root, id) : id, module.renderedLength]),
        );
      }
      this.emitFile({ type: 'asset', fileName: BUNDLE_STATS_FILE, source: JSON.stringify(stats) });
    },
  };
}
