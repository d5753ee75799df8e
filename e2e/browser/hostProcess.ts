/**
 * The headless host (`npm run serve`, src/main/host/cli.ts) as a child
 * process, for browser specs and the UI benchmark: a fresh data folder, a
 * fixed --deck-seed so the cards are the same every run, and a stop that
 * waits for the process to be gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_NODE_FLAGS } from '../../src/main/host/hostNodeFlags';
import { HOST_BUNDLE_VARIABLE } from '../hostBundle';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'src/main/host/cli.ts');
const RENDERER = join(ROOT, 'out/renderer');
/** The two links the host prints on start (cli.ts): exactly one line each. */
const CONSOLE_LINE = /^console: (\S+)$/m;
const TABLE_LINE = /^table: (\S+)$/m;
/** The phones' page (`phone: URL`), printed after the other two. */
const PHONE_LINE = /^phone: (\S+)$/m;

export interface HostProcess {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  /** The console link as printed (`console: URL`): every command. */
  consoleUrl: string;
  /** The TV link as printed (`table: URL`): its socket only reads. */
  tableUrl: string;
  /** The phones' link as printed (`phone: URL`): phone.html, a phone-role socket that only reads. */
  phoneUrl: string;
  port: number;
  dataDir: string;
  /** Everything the process wrote, for a failure message. */
  output: () => string;
  /** SIGTERM (a clean close) or SIGKILL (a crash); resolves once the process has exited. */
  stop: (signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>;
}

export interface HostOptions {
  /** Hex; decks derive from it (tests and demos only). */
  deckSeed: string;
  /** Reuse a data folder (a restart); default: a fresh temp folder. */
  dataDir?: string;
  /** Default 0: the OS picks a free port. */
  port?: number;
  /** `--listen ADDRESS` (e.g. 0.0.0.0): beyond loopback, with the host's and the TV's tokens in the links; loopback unless given. */
  listen?: string;
}

/** A fresh, empty data folder under the OS temp dir. */
export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'dealer-e2e-'));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Empties a data folder but keeps the folder: a host started on it finds nothing. */
export function wipeDataDir(dir: string): void {
  for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
}

/** Starts the host and resolves once it prints its console, table and phone links. */
export async function startHostProcess(options: HostOptions): Promise<HostProcess> {
  const dataDir = options.dataDir ?? freshDataDir();
  // One process (plain node on the run's bundle of the host, e2e/hostBundle.ts, or node with tsx's loader, never the
  // tsx wrapper), so a SIGKILL really kills the host; Node's flags as `npm run serve` gives them. The bundle lives
  // elsewhere than cli.ts, so it is told where the built renderer is. Phones get any free port (spec files run their
  // hosts side by side) and a link this browser can open.
  const bundle = process.env[HOST_BUNDLE_VARIABLE];
  const args = [
    ...HOST_NODE_FLAGS,
    ...(bundle ? [bundle, '--renderer', RENDERER] : ['--import', 'tsx', CLI]),
    '--port',
    String(options.port ?? 0),
    '--data',
    dataDir,
    '--deck-seed',
    options.deckSeed,
    '--phone-port',
    '0',
    '--phone-address',
    '127.0.0.1',
    // Laptop to laptop: the group listener (on only while pairing or paired) on a free port, named by loopback.
    '--group-port',
    '0',
    '--group-address',
    '127.0.0.1',
    ...(options.listen ? ['--listen', options.listen] : []),
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const links = await new Promise<{ consoleUrl: string; tableUrl: string; phoneUrl: string }>((found, failed) => {
    const timer = setTimeout(() => failed(new Error(`The host did not start within 30 s:\n${output}`)), 30_000);
    const look = (): void => {
      const consoleUrl = CONSOLE_LINE.exec(output)?.[1];
      const tableUrl = TABLE_LINE.exec(output)?.[1];
      const phoneUrl = PHONE_LINE.exec(output)?.[1];
      if (!consoleUrl || !tableUrl || !phoneUrl) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      found({ consoleUrl, tableUrl, phoneUrl });
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`The host exited with code ${String(code)} before listening:\n${output}`));
    });
  });

  const { origin, port } = new URL(links.consoleUrl);
  return {
    url: `${origin}/`,
    ...links,
    port: Number(port),
    dataDir,
    output: () => output,
    stop: (signal = 'SIGTERM') => stopChild(child, exited, signal),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<void>, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  // A close that hangs still ends.
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
