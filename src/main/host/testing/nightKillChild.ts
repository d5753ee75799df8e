import fs from 'node:fs';
import { DEFAULT_RULES } from '../../../shared';
import { portLaptop } from './portLaptop';
import { playRandomCommand } from './randomHost';

/**
 * The child process of the kill tests of a night on two laptops (scripts/killMoves.ts, which bundles it and runs it
 * with node, then kills it with SIGKILL):
 *
 *   nightKillChild holder <data folder> <port> <most ms between commands>
 *   nightKillChild copy <data folder> <port>
 *
 * `holder`: the laptop holding the night (paired before, its night started here if none is open) plays it as a
 * host pressing keys at random, a pause of up to the given ms after each command (the push to the live copy runs in
 * it, R35), printing `ack <lines> <ms since epoch>` once each command was answered, i.e. its journal line durable.
 * `copy`: the paired laptop holding the live copy, printing `held <night> <lines> <ms since epoch>` once each batch
 * is durable here, as its answer to the holder says. Both print `ready` once listening. Lines go out with a
 * synchronous write to fd 1: a line printed is in the pipe even if the process dies on the next instruction.
 */
function say(line: string): void {
  fs.writeSync(1, `${line}\n`);
}

async function holder(root: string, port: number, gapMs: number): Promise<void> {
  const laptop = await portLaptop(root, port);
  const { session } = laptop;
  if (!session.getView().night) {
    const started = session.runNow('startNight', {
      players: ['Ann', 'Bob', 'Chloé', 'Dmitri', 'Eve'].map((name) => ({ name })),
      startingChips: 20,
      chipValue: 50,
      currency: 'EUR',
      settings: DEFAULT_RULES,
    });
    if (!started.ok) throw new Error(`startNight refused: ${started.error.message}`);
  }
  say(`ready ${session.getView().night?.id ?? ''}`);
  for (;;) {
    const lines = playRandomCommand(session, Math.random);
    say(`ack ${lines} ${Date.now()}`);
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * (gapMs + 1))));
  }
}

async function copy(root: string, port: number): Promise<void> {
  await portLaptop(root, port, { onLiveLinesHeld: (nightId, lines) => say(`held ${nightId} ${lines} ${Date.now()}`) });
  say('ready');
}

const [mode, root, port, gap] = process.argv.slice(2);
if ((mode !== 'holder' && mode !== 'copy') || !root || !port) {
  process.stderr.write('usage: nightKillChild holder|copy <data folder> <port> [<most ms between commands>]\n');
  process.exit(2);
}
const running = mode === 'holder' ? holder(root, Number(port), Number(gap ?? 20)) : copy(root, Number(port));
running.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
