import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `auth.de.ts` → 'locale-de': a language's catalogues load together, one request per language. */
const localeChunk = (id: string) => {
  const language = /\.(en|es|fr|de)\.ts$/.exec(id)?.[1];
  return language ? `locale-${language}` : null;
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
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
});
