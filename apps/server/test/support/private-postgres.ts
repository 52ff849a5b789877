import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest PostgreSQL server binaries on this machine, if any. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : null;
}

/**
 * A PostgreSQL server of this test's own (initdb in a temp dir, loopback only), so a test may stop
 * and restart it without disturbing anyone else. As root, it runs as the postgres user.
 */
export function createPrivatePostgres(port: number) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'omnia-pg-'));
  chmodSync(dir, 0o700);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'ignore' })
      : execFileSync(join(bin, tool), args, { stdio: 'ignore' });
  run('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off`;
  const pg = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-o', options, 'start']),
    /** `immediate` is a crash from the clients' point of view. */
    stop: (mode: 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['-D', dir, '-m', mode, '-w', 'stop']),
    destroy: () => {
      try {
        pg.stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
