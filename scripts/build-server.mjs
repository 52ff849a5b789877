// Builds the server for production: apps/server/dist/main.js (the server) and admin.js (the
// operator's CLI), two ES module entries with the code they share in chunk files beside them
// (config.ts finds the web app from the directory its code runs in: apps/server/src in
// development, apps/server/dist here). Omnia's own code and the workspace's packages (@omnia/*)
// are bundled; every npm dependency stays an import, resolved from node_modules at run time as in
// development. Source maps go with them, so a stack trace names the TypeScript line.
//
// `--outdir DIR` builds elsewhere (the CLI's tests run the operator's command as built); DIR must
// be inside apps/server, so that the npm dependencies resolve from there.
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'apps/server/dist' } } });
const { outdir } = values;
rmSync(outdir, { recursive: true, force: true });

/** Bare imports (npm packages) stay imports; `@omnia/*` is ours and goes into the bundle. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@omnia/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
await build({
  entryPoints: { main: 'apps/server/src/main.ts', admin: 'apps/server/src/cli/admin.ts' },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  // Shared code goes into chunks beside the two entries, so the CLI loads the database's modules
  // only for a command that opens the database (its dynamic import).
  splitting: true,
  plugins: [dependenciesStayExternal],
  logLevel: 'warning',
});
console.log(`server: built ${outdir}/main.js and admin.js in ${Date.now() - started} ms`);
