import fs from 'node:fs';
import { CRASH_GROUP, lanLaptop } from './lanLaptop';
import { MemoryGroupFiles } from './memoryGroupFiles';

/**
 * The child process of pairingCrash.test.ts (bundled by it, run with node):
 *
 *   pairingCrashChild <data folder> <laptop id> show
 *   pairingCrashChild <data folder> <laptop id> join <address> <code>
 *
 * `show` is a laptop of the group that opens a pairing code and prints
 * `code <address> <code>`; `join` is a laptop in no group that prints
 * `joining`, types the code, and prints `joined <ok or the refusal's code>`.
 * Either then waits to be killed, as a laptop left on does.
 */

function say(line: string): void {
  fs.writeSync(1, `${line}\n`);
}

async function main(argv: string[]): Promise<void> {
  const [dataRoot, laptopId, mode, address, code] = argv;
  if (!dataRoot || !laptopId || (mode !== 'show' && mode !== 'join')) throw new Error('usage: <data> <laptop id> show|join [address code]');
  fs.mkdirSync(dataRoot, { recursive: true });
  const files = new MemoryGroupFiles(laptopId, laptopId, mode === 'show' ? CRASH_GROUP : null);
  files.publish(`nights/${laptopId}.jsonl`, `${laptopId}\n`);
  const lan = await lanLaptop({
    dataRoot,
    rendererDir: dataRoot,
    files,
    ports: [0],
    listenAddress: '127.0.0.1',
    addresses: () => ['127.0.0.1'],
    syncEveryMs: 50,
  });
  if (mode === 'show') {
    const started = await lan.run('host', 'groupPairStart', {});
    if (!started.ok) throw new Error(started.error.message);
    const data = started.data;
    say(`code ${data.addresses[0] ?? ''} ${data.code}`);
  } else {
    say('joining');
    const joined = await lan.run('host', 'groupPairJoin', { address, code });
    say(`joined ${joined.ok ? 'ok' : joined.error.code}`);
  }
  setInterval(() => undefined, 60_000);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
