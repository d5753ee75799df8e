/**
 * `npm run serve -- --port P --data DIR [--listen ADDR] [--renderer DIR]`
 *
 * Runs the dealer without Electron: the same core on `conf` files, the built
 * renderer and the WebSocket contract (server.ts). Loopback only unless
 * `--listen` names another address; then two fresh tokens are required, the
 * host token (the console) and the viewer token (the TV, phones: read only).
 * It prints exactly one `console: URL` line, one `table: URL` line and one
 * `phone: URL` line (the phones' read-only page), tokens
 * inside where needed, for a person or a script to open. `--deck-seed HEX`
 * makes every deck predictable, for tests and demos only.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfBackend } from '../store/confBackend';
import { wireQuery } from '../../shared';
import { generateAccessTokens, type AccessTokens } from './access';
import { parseServeArgs, UsageError, USAGE, type ServeOptions } from './serveArgs';
import { composeDealer } from './composeDealer';
import { setHostRuntimeFlags } from './hostNodeFlags';
import type { PageWay } from './phoneAccess';
import { startHost, type RunningHost } from './server';

/**
 * Bytes from `sha256(seed || u32be(0)) || sha256(seed || u32be(1)) || ...`,
 * handed out in order: the same seed gives the same decks and ids every run,
 * so a test or a demo can rely on which cards come.
 */
export function seededByteStream(seedHex: string): (size: number) => Uint8Array {
  const seed = Buffer.from(seedHex, 'hex');
  let counter = 0;
  let buffered = Buffer.alloc(0);
  return (size) => {
    while (buffered.length < size) {
      const index = Buffer.alloc(4);
      index.writeUInt32BE(counter++);
      buffered = Buffer.concat([buffered, createHash('sha256').update(seed).update(index).digest()]);
    }
    const out = buffered.subarray(0, size);
    buffered = buffered.subarray(size);
    return new Uint8Array(out);
  };
}

/** Where people on the LAN can reach a wildcard listen. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}

/**
 * The links to print: the console (host token), the table (viewer token,
 * `#/table`) and the phones' page (viewer token, `phone.html`). `origin` is
 * `http://ADDRESS:PORT/`. The token sits in the page's query, where the page
 * finds it for its socket (wire.ts).
 * @internal exported for tests only
 */
export function openLinks(origin: string, tokens: AccessTokens | null): { console: string; table: string; phone: string } {
  const queryFor = (token: string | undefined): string => (token ? wireQuery('host', token) : '');
  return {
    console: `${origin}${queryFor(tokens?.host)}#/`,
    table: `${origin}${queryFor(tokens?.viewer)}#/table`,
    phone: `${origin}phone.html${queryFor(tokens?.viewer)}`,
  };
}

/** Exit code, or 'running' while the host serves (until SIGINT/SIGTERM). */
async function main(argv: string[]): Promise<number | 'running'> {
  let options: ServeOptions | 'help';
  try {
    options = parseServeArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!existsSync(join(options.rendererDir, 'index.html'))) {
    process.stderr.write(`No built renderer in ${options.rendererDir}: run \`npm run build\` first.\n`);
    return 1;
  }

  // V8 as every host process runs it, before any night is read or played (hostNodeFlags.ts).
  setHostRuntimeFlags();
  const tokens = options.needsToken ? generateAccessTokens() : null;
  // A wildcard listen prints the first LAN address (what a TV or phone can reach); the others work too.
  const lan = options.listen === '0.0.0.0' ? lanAddresses() : [];
  let host: RunningHost | null = null;
  // R35: how the TV link gets in, for the laptops holding the open night's copy (docs/group-lan.md "What follows a
  // takeover"). A loopback host has no TV beyond this computer, so nothing to follow.
  const tvWay = (): PageWay | null =>
    tokens && host ? { token: tokens.viewer, port: host.port, addresses: lan.length > 0 ? lan : [new URL(host.url).hostname] } : null;
  const storage = await createConfBackend(options.dataDir);
  // The console's W lets phones watch here too, on a listener of their own with the viewer link only (phoneAccess.ts);
  // laptop to laptop, the group's own listener, for paired laptops only (docs/group-lan.md).
  const {
    session: service,
    warmUp,
    groupLan,
  } = await composeDealer({
    storage,
    autoBackups: true,
    ...(options.deckSeed ? { randomBytes: seededByteStream(options.deckSeed) } : {}),
    phones: {
      rendererDir: options.rendererDir,
      ...(options.phonePort !== undefined ? { ports: [options.phonePort] } : {}),
      ...(options.phoneAddress !== undefined ? { addresses: () => [options.phoneAddress as string] } : {}),
      onClientDropped: (role, why) => process.stderr.write(`Closed a ${role} phone-listener connection: ${why}.\n`),
    },
    groupLan: {
      dataRoot: options.dataDir,
      rendererDir: options.rendererDir,
      ...(options.groupPort !== undefined ? { ports: [options.groupPort] } : {}),
      ...(options.groupAddress !== undefined ? { addresses: () => [options.groupAddress as string] } : {}),
      tvWay,
    },
  });
  let port = 0;
  // R35: a TV of a night taken over here from a laptop whose link had this very port is let in here (tvFollow.ts), and
  // this listener's own TV page may look for its night on the paired laptops (its CSP lets it open a socket there).
  const following =
    tokens && groupLan
      ? {
          tvTokens: () => groupLan.tvFollow.tokensOn(port),
          otherOrigins: () => groupLan.tvFollow.originsOn(port),
          connectSources: () => (service.getView().tvAlternates ?? []).map((address) => `ws://${address}:${port}`),
        }
      : {};
  host = await startHost({
    service,
    port: options.port,
    host: options.listen,
    rendererDir: options.rendererDir,
    ...(tokens ? { tokens } : {}),
    ...following,
    onClientDropped: (role, why) => process.stderr.write(`Closed a ${role} connection: ${why}.\n`),
  });
  port = host.port;
  groupLan?.tvFollow.listeningOn(port);

  const origin = lan[0] ? `http://${lan[0]}:${host.port}/` : host.url;
  if (options.deckSeed) {
    process.stderr.write('WARNING: Decks derive from --deck-seed: NOT a fair game (tests and demos only)\n');
  }
  const links = openLinks(origin, tokens);
  process.stdout.write(`Listening on ${host.url}\nData in ${options.dataDir}\n`);
  if (lan.length > 1) process.stdout.write(`Also reachable at ${lan.slice(1).join(', ')} (same links, other address)\n`);
  process.stdout.write(`console: ${links.console}\ntable: ${links.table}\nphone: ${links.phone}\n`);
  if (tokens) process.stdout.write('The console link changes anything: keep it to yourself. The table and phone links only watch.\n');

  // The first night as fast as the next (simulation/warmUp.ts): warmed now the host listens, one command per turn of the event loop.
  void warmUp();

  const stop = (): void => {
    void host
      .close()
      .then(() => service.shutDown())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'running';
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== 'running') process.exit(code);
    },
    (error: unknown) => {
      process.stderr.write(`The host could not start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
