import fs from 'node:fs';
import path from 'node:path';
import type { SharedHistory } from '../groupDocs';
import { importBundle, parseBundle } from '../groupBundle';
import { publishToFolder } from '../ownFolderCopy';
import { GroupHistory } from '../groupHistory';
import { judgeNight } from '../nightIntake';
import { testContext } from './context';

/**
 * The child process of crash.test.ts (bundled by it and run with node):
 *
 *   crashChild <data folder> publish <group folder> <pool folder>
 *   crashChild <data folder> import <group file>
 *
 * `publish` shares, forever, the pool's nights one by one and a paid mark
 * toggled in the group documents, each time copying its subfolder out to the
 * group folder; it prints `ack <n>` after each copy is complete. `import`
 * merges the group file into the data folder and prints `ack imported`,
 * then imports it again, forever. Both print `ready 0` once their group is
 * open. The parent kills them with SIGKILL at a random moment.
 */

/** A moment's pause for `say`, without giving the event loop a turn. */
const pause = new Int32Array(new SharedArrayBuffer(4));

/** A line out on stdout before the next instruction (a full, non-blocking pipe is waited for, as session/testing/crashChild.ts does). */
function say(line: string): void {
  const bytes = Buffer.from(`${line}\n`);
  let written = 0;
  while (written < bytes.length) {
    try {
      written += fs.writeSync(1, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

const [root, mode, target, poolDir] = process.argv.slice(2);
if (!root || !mode || !target) throw new Error('usage: crashChild <data folder> publish|import <folder or file> [pool]');
const group = GroupHistory.open(testContext(root, { isOwnNight: () => mode === 'publish' }));
if (!group) throw new Error(`no group in ${root}`);
say('ready 0');

if (mode === 'publish') {
  const pool = fs
    .readdirSync(poolDir as string)
    .sort()
    .map((name) => judgeNight(path.basename(name, '.jsonl'), fs.readFileSync(path.join(poolDir as string, name))));
  const shared = group.shared();
  for (let n = 1; ; n++) {
    const judged = pool[n % pool.length];
    if (judged?.ok) group.publishNight(judged.night);
    const local: SharedHistory = { ...shared, paid: n % 2 === 0 ? [`mark-${n % 7}`] : [] };
    group.publishShared(local);
    publishToFolder(group, target);
    say(`ack ${n}`);
  }
} else {
  const parsed = parseBundle(fs.readFileSync(target, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.reason);
  for (;;) {
    importBundle(group, parsed.bundle);
    say('ack imported');
  }
}
