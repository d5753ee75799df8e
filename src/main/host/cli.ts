/**
 * `npm run serve -- --port P --data DIR [--listen ADDR] [--renderer DIR]`
 *
 * Runs the dealer without Electron: the same core on `conf` files, the built
 * renderer and the WebSocket contract (server.ts). Loopback only unless
 * `--listen` names another address; then a fresh access token is required
 * and printed with the link to open.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDealerService } from '../session';
import { createConfBackend } from '../store/confBackend';
import { parseServeArgs, UsageError, USAGE, type ServeOptions } from './serveArgs';
import { startHost } from './server';

/** Where people on the LAN can reach a wildcard listen. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
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

  const token = options.needsToken ? randomBytes(24).toString('base64url') : undefined;
  const storage = await createConfBackend(options.dataDir);
  const service = await openDealerService({ storage });
  const host = await startHost({
    service,
    port: options.port,
    host: options.listen,
    rendererDir: options.rendererDir,
    ...(token ? { token } : {}),
  });

  const links =
    options.listen === '0.0.0.0' ? lanAddresses().map((address) => `http://${address}:${host.port}/`) : [host.url];
  process.stdout.write(`Listening on ${host.url}\nData in ${options.dataDir}\n`);
  if (token) {
    process.stdout.write(`Access token: ${token}\n`);
    for (const link of links) process.stdout.write(`Open: ${link}?token=${token}\n`);
  } else {
    process.stdout.write(`Open: ${host.url}\n`);
  }

  const stop = (): void => {
    void host.close().then(() => {
      service.close();
      process.exit(0);
    });
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
