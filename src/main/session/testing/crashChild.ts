import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import type { NightView } from '../../../shared';
import { createConfBackend } from '../../store';
import { GameSession } from '../gameSession';

/**
 * The child process of crash.test.ts (which bundles it and runs it with node;
 * `node --import tsx` runs it straight from source):
 *
 *   crashChild.ts <data folder>
 *   crashChild.ts <data folder> restore <backup A> <backup B>
 *   crashChild.ts <data folder> expenses
 *
 * Opens the night already started in the data folder and plays it as fast as
 * it can, forever, until its parent kills it. It prints `ready <stateId>`
 * once loaded and `ack <stateId>` after every command `runNow` accepted,
 * i.e. after the night's journal line was durably written.
 *
 * With `restore`, it restores backup A and backup B in turn, forever,
 * printing `ready` once loaded and `ack A` / `ack B` after each restore
 * `runNow` accepted. With `expenses`, it adds shared expenses to the open
 * night and removes the oldest (M4), forever, printing `ack <ids>` (the
 * night's expense ids after the command, comma-separated, `-` for none)
 * after each one `runNow` accepted. Lines go out with a
 * synchronous write to fd 1, so a line printed is in the pipe even if the
 * process dies on the next instruction.
 */

/** A moment's pause for `say`, without giving the event loop a turn (the line must be out before the next command). */
const pause = new Int32Array(new SharedArrayBuffer(4));

function say(line: string): void {
  // Our stdout is a non-blocking pipe: when the parent is slow to read and the
  // pipe is full, a write fails with EAGAIN (or writes part of the line). Wait
  // and write the rest, so a fast loop never dies of its own output.
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

/** The host's next command: draw, cut, deal, bet 1 to the pot, and buy the busted back in (R6). */
function nextCommand(night: NightView): [Parameters<GameSession['runNow']>[0], Record<string, unknown>] {
  const stateId = night.stateId;
  switch (night.phase) {
    case 'draw':
      return ['drawForDealer', { stateId }];
    case 'cut':
      return ['cut', { stateId, cut: randomInt(night.deck?.size ?? 1) }];
    case 'ace-call':
      return ['callAce', { stateId, call: randomInt(2) === 0 ? 'low' : 'high' }];
    case 'bet': {
      const max = night.betLimits?.max ?? 1;
      return ['bet', { stateId, amount: 1 + randomInt(max) }];
    }
    case 'ready': {
      const busted = night.players.find((p) => p.status === 'sitting-out');
      return busted ? ['buyIn', { stateId, playerId: busted.id, amount: 20 }] : ['deal', { stateId }];
    }
    default:
      throw new Error(`the crash child cannot play in phase ${night.phase}`);
  }
}

function main(root: string): void {
  const session = new GameSession({ storage: createConfBackend(root) });
  const loaded = session.getView().night;
  if (!loaded) throw new Error(`no open night in ${root}`);
  say(`ready ${loaded.stateId}`);
  for (;;) {
    const night = session.getView().night;
    if (!night) throw new Error('the night vanished');
    const [command, args] = nextCommand(night);
    const result = session.runNow(command, args);
    if (!result.ok) throw new Error(`${command} refused: ${result.error.code}: ${result.error.message}`);
    say(`ack ${result.view.night?.stateId ?? -1}`);
  }
}

function restoreForever(root: string, files: string[]): void {
  const session = new GameSession({ storage: createConfBackend(root) });
  const backups = files.map((file, i) => ({ name: i === 0 ? 'A' : 'B', content: fs.readFileSync(file, 'utf8') }));
  say('ready 0');
  for (let n = 0; ; n++) {
    const backup = backups[n % backups.length];
    if (!backup) throw new Error('no backups');
    const result = session.runNow('restore', { content: backup.content, replace: true });
    if (!result.ok) throw new Error(`restore ${backup.name} refused: ${result.error.code}: ${result.error.message}`);
    say(`ack ${backup.name}`);
  }
}

/** M4: expense lines, appended and fdatasync'd before each ack, like the night's commands. */
function expensesForever(root: string): void {
  const session = new GameSession({ storage: createConfBackend(root) });
  if (!session.getView().night) throw new Error(`no open night in ${root}`);
  say('ready 0');
  for (let n = 0; ; n++) {
    const night = session.getView().night;
    if (!night) throw new Error('the night vanished');
    const players = night.players.map((p) => p.id);
    const oldest = night.expenses[0];
    const result =
      night.expenses.length >= 5 && oldest
        ? session.runNow('removeExpense', { expenseId: oldest.id })
        : session.runNow('addExpense', {
            payer: players[n % players.length],
            amount: 1 + randomInt(5000),
            description: `expense ${n}`,
            sharers: players.filter((_, i) => i === 0 || (i + n) % 2 === 0),
          });
    if (!result.ok) throw new Error(`expense refused: ${result.error.code}: ${result.error.message}`);
    say(`ack ${result.view.night?.expenses.map((e) => e.id).join(',') || '-'}`);
  }
}

const [root, mode, ...files] = process.argv.slice(2);
if (!root || (mode !== undefined && !(mode === 'restore' && files.length === 2) && !(mode === 'expenses' && files.length === 0))) {
  process.stderr.write('usage: node --import tsx crashChild.ts <data folder> [restore <backup A> <backup B> | expenses]\n');
  process.exit(2);
}
if (mode === 'restore') restoreForever(root, files);
else if (mode === 'expenses') expensesForever(root);
else main(root);
