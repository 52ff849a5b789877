import { fileURLToPath } from 'node:url';
import { PRODUCT_NAME } from '@omnia/contracts/constants';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleStats } from './scripts/bundle-stats';

/** `auth.de.ts` → 'locale-de': a language's catalogues load together, one request per language. */
const localeChunk = (id: string) => {
  const language = /\.(en|es|fr|de)\.ts$/.exec(id)?.[1];
  return language ? `locale-${language}` : null;
};

// `npm run build` runs two builds: the browser's (dist/), then src/entry-server.tsx for Node
// (dist-ssr/, --ssr), which scripts/prerender.ts uses to write the public screens' HTML into dist/.
export default defineConfig(({ isSsrBuild }) => ({
  // The year the build ran: the pre-rendered footer's, which hydration must render again.
  define: { __OMNIA_BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [
    react(),
    tailwindcss(),
    // The page's title before the app sets its own: the product's name, from its one constant.
    {
      name: 'product-name',
      transformIndexHtml: (html: string) => html.replace('%PRODUCT_NAME%', PRODUCT_NAME),
    },
    ...(isSsrBuild ? [] : [bundleStats(fileURLToPath(new URL('../..', import.meta.url)))]),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunks a screen needs (the pre-rendered pages preload them;
    // bench/lib/bundle.ts weighs them). The server never serves dot-directories.
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // Only the catalogues themselves: what they import (contracts' texts) stays where it is.
        codeSplitting: { groups: [{ name: localeChunk, includeDependenciesRecursively: false }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/oauth2/token': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/.well-known': 'http://localhost:3000',
    },
  },
}));
