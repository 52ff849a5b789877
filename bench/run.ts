// npm run bench [-- --quick]: starts Omnia on 127.0.0.1 and prints requests/s, p50, p99 and errors per
// scenario. Figures only; nothing here asserts a time. See docs/performance.md.
import { type LoadResult, printTable } from './lib/cannon';
import { hashBound } from './lib/hash-bound';
import { startOmnia } from './lib/server';
import { loginScenario, prepareAccounts, refreshScenario } from './scenarios/accounts';
import { staticScenarios } from './scenarios/static';

const quick = process.argv.includes('--quick');
const seconds = quick ? 2 : 10;

async function main() {
  const bound = await hashBound(quick ? 5 : 20);
  console.log(
    `argon2id hash: ${bound.hashMs.toFixed(1)} ms on ${bound.cores} cores -> login ceiling ${bound.loginsPerSecond}/s`,
  );
  const server = await startOmnia(Number(process.env.BENCH_PORT ?? 3900));
  const results: LoadResult[] = [];
  try {
    results.push(...(await staticScenarios(server.url, seconds)));
    const emails = await prepareAccounts(server.url, quick ? 12 : 40);
    const login = await loginScenario(server.url, emails, seconds);
    results.push(login, await refreshScenario(server.url, emails, seconds));
    const ratio = login.requestsPerSecond / bound.loginsPerSecond;
    console.log(
      `login throughput ${login.requestsPerSecond}/s ÷ hash bound ${bound.loginsPerSecond}/s = ${ratio.toFixed(2)}`,
    );
  } finally {
    await server.stop();
  }
  printTable(results);
  const failed = results.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (failed.length) {
    console.error(`scenarios with errors: ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
