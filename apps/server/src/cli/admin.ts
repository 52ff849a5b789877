/**
 * The admin command line: `npm run admin -- clients list | approve <client_id> <version> |
 * reject <client_id> | approve-change | reject-change <change id>` and `keys list | rotate [--now]`.
 *
 * With DATABASE_URL it works on the database directly. With the embedded database it asks the
 * running server (/api/admin on 127.0.0.1:PORT, key from DATA_DIR/admin.key), because a second
 * process must not open the data directory the server holds; when no server runs, it opens the
 * directory itself.
 */
import { type Config, ConfigError, loadConfig } from '../config';
import type { AdminClient, AdminDecision } from '../modules/admin';
import { type AdminBackend, CliError, ServerNotRunning } from './admin-backend';
import { formatChangeDecision, formatClientTable, formatDecision } from './admin-format';
import { formatKeyTable, formatMadeKey } from './admin-keys-format';
import { withEmbeddedBackend } from './admin-server-backend';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  clients list                   list every OAuth2 client, newest first
  clients approve <client_id> <version>
                                 approve a client as 'clients list' showed it (its version:
                                 an app changed since is not approved); everyone may then use it
  clients reject <client_id>     reject a client (it stops working at once)
  clients approve-change <change id>
                                 approve what an approved app's owner changed (a new name,
                                 logo or URIs, listed with its id by 'clients list'): it
                                 applies at once
  clients reject-change <change id>
                                 reject it: the app keeps its reviewed name, logo and URIs
  keys list                      the signing keys: the one that signs, the next one (published,
                                 not yet signing) and retired ones still published
  keys rotate                    make the next signing key: published in the JWKS at once, it
                                 signs after KEY_ACTIVATION_DELAY_MINUTES (default 60)
  keys rotate --now              the same, signing at once (the current key is suspect); it
                                 stays published until the tokens it signed have expired

Reads the same environment as the server (PORT, DATA_DIR, DATABASE_URL, …).`;

type Command =
  | { kind: 'keys' }
  | { kind: 'rotate'; immediately: boolean }
  | { kind: 'list' }
  | { kind: 'decide'; decision: AdminDecision; clientId: string; version?: string }
  | { kind: 'change'; decision: AdminDecision; changeId: string };

class UsageError extends Error {}

function parseArgs(args: string[]): Command | 'help' {
  const [group, action, ...rest] = args;
  if (group === undefined) throw new UsageError('No command given.');
  if (['help', '--help', '-h'].includes(group)) return 'help';
  if (group === 'keys') {
    if (action === 'list' && rest.length === 0) return { kind: 'keys' };
    if (action === 'rotate' && rest.length === 0) return { kind: 'rotate', immediately: false };
    if (action === 'rotate' && rest.length === 1 && rest[0] === '--now')
      return { kind: 'rotate', immediately: true };
    throw new UsageError(
      action ? `Unknown keys command: ${[action, ...rest].join(' ')}` : 'keys needs a subcommand.',
    );
  }
  if (group !== 'clients') throw new UsageError(`Unknown command: ${group}`);
  if (action === 'list' && rest.length === 0) return { kind: 'list' };
  if (action === 'approve' && rest.length === 2 && rest[0] && rest[1])
    return { kind: 'decide', decision: action, clientId: rest[0], version: rest[1] };
  if (action === 'reject' && rest.length === 1 && rest[0])
    return { kind: 'decide', decision: action, clientId: rest[0] };
  if (action === 'approve')
    throw new UsageError("clients approve needs a client_id and the version 'clients list' shows.");
  if ((action === 'approve-change' || action === 'reject-change') && rest.length === 1 && rest[0])
    return {
      kind: 'change',
      decision: action === 'approve-change' ? 'approve' : 'reject',
      changeId: rest[0],
    };
  if (
    action === 'approve' ||
    action === 'reject' ||
    action === 'approve-change' ||
    action === 'reject-change'
  )
    throw new UsageError(
      `clients ${action} needs one ${action.endsWith('-change') ? 'change id' : 'client_id'}.`,
    );
  throw new UsageError(action ? `Unknown clients command: ${action}` : 'clients needs a subcommand.');
}

async function execute(command: Command, backend: AdminBackend, publicUrl: string): Promise<string> {
  if (command.kind === 'keys') return formatKeyTable(await backend.listKeys());
  if (command.kind === 'rotate') return formatMadeKey(await backend.rotateKey(command.immediately));
  if (command.kind === 'list') return formatClientTable(await backend.listClients(), publicUrl);
  if (command.kind === 'change')
    return formatChangeDecision(
      await backend.decideChange(command.changeId, command.decision),
      command.decision,
    );
  const client: AdminClient = await backend.decide(command.clientId, command.decision, command.version);
  return formatDecision(client);
}

async function run(config: Config, command: Command): Promise<string> {
  if (config.database.url) {
    // Loaded only for a command that opens the database: usage, and whatever the running server
    // answers, start without the engine and the drivers.
    const { openDirectBackend } = await import('./admin-direct-backend');
    const backend = await openDirectBackend(config);
    try {
      return await execute(command, backend, config.publicUrl);
    } finally {
      await backend.close();
    }
  }
  return withEmbeddedBackend(
    config,
    (backend) => execute(command, backend, config.publicUrl),
    (m) => console.error(m),
  );
}

async function main(argv: string[]): Promise<number> {
  let command: Command | 'help';
  try {
    command = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 1;
  }
  if (command === 'help') {
    console.log(USAGE);
    return 0;
  }

  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }

  try {
    console.log(await run(config, command));
    return 0;
  } catch (err) {
    if (err instanceof CliError || err instanceof ServerNotRunning) {
      console.error(err.message);
      return 1;
    }
    const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
    console.error(`admin failed: ${err instanceof Error ? err.message : String(err)}`);
    if (verbose) console.error(err);
    else console.error('(set LOG_LEVEL=debug for details)');
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
