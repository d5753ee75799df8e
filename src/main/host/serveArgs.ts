/**
 * The command line of `npm run serve` (cli.ts), parsed and checked apart
 * from starting anything, so that a bad flag costs nothing.
 */
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run serve -- --port PORT --data DIR [--listen ADDRESS] [--renderer DIR] [--phone-port PORT] [--phone-address ADDRESS] [--group-port PORT] [--group-address ADDRESS] [--deck-seed HEX]

  --port PORT       TCP port, 0-65535 (0 picks a free one)
  --data DIR        folder for settings, roster and nights (created if missing)
  --listen ADDRESS  listen beyond this computer, e.g. 0.0.0.0 or a LAN address;
                    two access tokens are then generated and required: the
                    console link's (every command) and the table link's
                    (read only, for the TV and phones)
                    (default: 127.0.0.1, this computer only, no tokens)

  It prints one line \`console: URL\` and one line \`table: URL\` to open.
  --renderer DIR    the built renderer (default: out/renderer; run \`npm run build\` first)
  --phone-port PORT the port phones watch on once the console lets them (W):
                    0 picks a free one (default: 47800, or the next free one)
  --phone-address ADDRESS  the IPv4 address the phones' link names, when the
                    one found (Wi-Fi or cable first) is not the one phones reach
  --group-port PORT the port paired laptops of the group sync on (docs/group-lan.md):
                    0 picks a free one (default: 47900, or the next free one)
  --group-address ADDRESS  the IPv4 address other laptops type to pair with
                    this one, when the one found is not the one they reach
  --deck-seed HEX   derive every deck from this seed instead of the secure random
                    source, so tests and demos deal the same cards every time;
                    NOT a fair game (R9)
`;

export interface ServeOptions {
  port: number;
  dataDir: string;
  listen: string;
  /** The address came from --listen and is not loopback: the host and viewer tokens are required. */
  needsToken: boolean;
  rendererDir: string;
  /** The phones' LAN listener's port, when given (phoneAccess.ts picks otherwise). */
  phonePort?: number;
  /** The address the phones' link names instead of the LAN addresses found. */
  phoneAddress?: string;
  /** The group listener's port, when given (groupLan.ts picks otherwise). */
  groupPort?: number;
  /** The address other laptops type to pair with this one, instead of the LAN addresses found. */
  groupAddress?: string;
  /** Lowercase hex; when set, decks are predictable (tests and demos only). */
  deckSeed: string | null;
}

export class UsageError extends Error {}

const DEFAULT_RENDERER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../out/renderer');

export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** Parse the command line; throws UsageError with a message for the host. */
export function parseServeArgs(argv: string[]): ServeOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        listen: { type: 'string' },
        renderer: { type: 'string' },
        'phone-port': { type: 'string' },
        'phone-address': { type: 'string' },
        'group-port': { type: 'string' },
        'group-address': { type: 'string' },
        'deck-seed': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';

  if (values.port === undefined) throw new UsageError('--port is required');
  if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not ${JSON.stringify(values.port)}`);
  }
  const phonePort = values['phone-port'];
  if (phonePort !== undefined && (!/^\d{1,5}$/.test(phonePort) || Number(phonePort) > 65535)) {
    throw new UsageError(`--phone-port must be a whole number from 0 to 65535, not ${JSON.stringify(phonePort)}`);
  }
  const phoneAddress = values['phone-address'];
  if (phoneAddress !== undefined && isIP(phoneAddress) !== 4) {
    throw new UsageError(`--phone-address must be an IPv4 address (e.g. 192.168.1.20), not ${JSON.stringify(phoneAddress)}`);
  }
  const groupPort = values['group-port'];
  if (groupPort !== undefined && (!/^\d{1,5}$/.test(groupPort) || Number(groupPort) > 65535)) {
    throw new UsageError(`--group-port must be a whole number from 0 to 65535, not ${JSON.stringify(groupPort)}`);
  }
  const groupAddress = values['group-address'];
  if (groupAddress !== undefined && isIP(groupAddress) !== 4) {
    throw new UsageError(`--group-address must be an IPv4 address (e.g. 192.168.1.20), not ${JSON.stringify(groupAddress)}`);
  }
  if (values.data === undefined || values.data.trim() === '') throw new UsageError('--data DIR is required');

  const listen = values.listen ?? '127.0.0.1';
  if (values.listen !== undefined && listen !== 'localhost' && isIP(listen) === 0) {
    throw new UsageError(`--listen must be an IP address (e.g. 0.0.0.0 or 192.168.1.20), not ${JSON.stringify(listen)}`);
  }
  const deckSeed = values['deck-seed'];
  if (deckSeed !== undefined && !/^(?:[0-9a-fA-F]{2}){1,64}$/.test(deckSeed)) {
    throw new UsageError(`--deck-seed must be 1 to 64 bytes of hex (an even number of 0-9 a-f), not ${JSON.stringify(deckSeed)}`);
  }
  return {
    port: Number(values.port),
    dataDir: resolve(values.data),
    listen,
    needsToken: !isLoopback(listen),
    rendererDir: resolve(values.renderer ?? DEFAULT_RENDERER_DIR),
    ...(phonePort !== undefined ? { phonePort: Number(phonePort) } : {}),
    ...(phoneAddress !== undefined ? { phoneAddress } : {}),
    ...(groupPort !== undefined ? { groupPort: Number(groupPort) } : {}),
    ...(groupAddress !== undefined ? { groupAddress } : {}),
    deckSeed: deckSeed?.toLowerCase() ?? null,
  };
}
