import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': webSrc } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'bench/lib/**/*.test.ts'],
          // A few unit tests start an embedded PGlite, which can take seconds on a busy machine.
          hookTimeout: 60_000,
          // Child processes, not worker threads: several unit files start an embedded PGlite, and
          // WebAssembly compiled in threads of one process can abort V8 (a fatal check in its
          // JIT-page registry, exit 133), as it did once in CI.
          pool: 'forks',
          // Vitest's default is one worker fewer than the cores: one, on a two-core machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: one file at a time per core; each file has its own fresh database and server.
          maxWorkers: 2,
          // The files of a worker share its loaded modules: importing the server's graph again for
          // every file took half the suite's time. Nothing here mocks a module, and a test that
          // moves the clock puts it back (CONTRIBUTING.md, Tests).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
