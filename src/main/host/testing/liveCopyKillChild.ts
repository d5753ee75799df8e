import fs from 'node:fs';
import { LiveCopies, type LiveBatch } from '../../store/liveCopies';

/**
 * The child process of liveCopyKill.test.ts (bundled by it, run with node):
 *
 *   liveCopyKillChild <data folder> <batches file> <holder key>
 *
 * A laptop holding a live copy (R35): it reads what it holds, then takes the
 * batches of the file that follow (one JSON batch a line), printing
 * `held <n>` once each is durable, as its answer to the holder would say,
 * until it is killed or has taken them all (`done`).
 */
function say(line: string): void {
  fs.writeSync(1, `${line}\n`);
}

const [dataRoot, batchesFile, key] = process.argv.slice(2);
if (!dataRoot || !batchesFile || !key) throw new Error('usage: <data folder> <batches file> <holder key>');
const batches = fs
  .readFileSync(batchesFile, 'utf8')
  .split('\n')
  .filter((line) => line.length > 0)
  .map((line) => JSON.parse(line) as LiveBatch);
const copies = new LiveCopies(dataRoot);
let held = copies.held(batches[0]?.nightId ?? '')?.lines ?? 0;
say(`ready ${held}`);
for (const batch of batches) {
  if (batch.from !== held + 1) continue;
  const answer = copies.receive(batch, key);
  if (!answer.ok) throw new Error(answer.reason);
  held = answer.held;
  say(`held ${held}`);
}
say('done');
