import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChild } from '../../../harness/childBuild';
import { foldEntries } from '../ledger';
import { createConfBackend } from '../store';
import { GameSession } from './gameSession';
import { accepted, ask, closeNight, openSession, playNight, TestClock } from './testing/kit';

/**
 * Pulls the plug: a child process plays a night on a data folder and is
 * killed with SIGKILL at a random moment, over and over. After every kill a
 * fresh GameSession must load the night with every acknowledged command in
 * it, and the chips must add up (R24).
 */

const KILLS = 50;
/**
 * Kills played on one night before another starts: the child plays a few hundred commands between two kills, as
 * fast as it can, so 50 kills on one night made it 20,000 commands long (a real night holds a few hundred turns),
 * and opening it took each child and each check up to a second of replay, most of the test's time.
 */
const KILLS_PER_NIGHT = 10;
const RESTORE_KILLS = 40;
const EXPENSE_KILLS = 15;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-crash-'));
const root = path.join(work, 'data');
let child = '';

/** Bundled once (harness/childBuild.ts): started through tsx, each of the 50 children would first compile for a second. */
beforeAll(async () => {
  child = await buildChild('src/main/session/testing/crashChild.ts');
}, 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface ChildRun {
  /** The stateId the child loaded. */
  ready: number;
  /** Every stateId the child acknowledged, in order (`A` / `B` for restores). */
  acks: string[];
  stderr: string;
}

/**
 * Starts a child, lets it play for `playMs` after it has loaded (or, with
 * `afterAcks`, after it has acknowledged that many commands), then kills it
 * with SIGKILL. Counting from an acknowledgement keeps the kill moments where
 * the test wants them however slow the machine is.
 */
function playAndKill(playMs: number, extraArgs: string[] = [], afterAcks = 0): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, root, ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let ready: number | null = null;
    const acks: string[] = [];
    let stdout = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      let newline: number;
      while ((newline = stdout.indexOf('\n')) >= 0) {
        const [word, value] = stdout.slice(0, newline).split(' ');
        stdout = stdout.slice(newline + 1);
        if (word === 'ready' && ready === null) {
          ready = Number(value);
          if (afterAcks === 0) timer = setTimeout(() => proc.kill('SIGKILL'), playMs);
        } else if (word === 'ack' && value !== undefined) {
          acks.push(value);
          if (afterAcks > 0 && acks.length === afterAcks) timer = setTimeout(() => proc.kill('SIGKILL'), playMs);
        }
      }
    });
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    proc.on('error', reject);
    proc.on('close', (_code, signal) => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      if (signal !== 'SIGKILL' || ready === null) {
        reject(new Error(`the child ended by itself (signal ${String(signal)}) before or without being killed:\n${stderr}`));
        return;
      }
      resolve({ ready, acks, stderr });
    });
  });
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

describe('crash safety', () => {
  it(
    `R24: a night killed with SIGKILL at ${KILLS} random moments loads with every acknowledged command`,
    { timeout: 180_000 },
    async () => {
      /** A night started afresh in an empty data folder; returns its stateId. */
      const startNight = (): number => {
        fs.rmSync(root, { recursive: true, force: true });
        const first = new GameSession({ storage: createConfBackend(root) });
        const started = first.runNow('startNight', {
          players: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].map((name) => ({ name })),
          startingChips: 20,
          chipValue: 1,
          currency: '',
        });
        first.close();
        if (!started.ok) throw new Error(started.error.message);
        return started.view.night?.stateId ?? -1;
      };

      let expected = -1;
      let commandsAcknowledged = 0;
      let killsAfterWrite = 0;
      for (let kill = 1; kill <= KILLS; kill++) {
        if (kill % KILLS_PER_NIGHT === 1) expected = startNight();
        const playMs = 20 + Math.floor(Math.random() * 281);
        const run = await playAndKill(playMs);
        const where = `kill ${kill} after ${playMs} ms`;
        // The child resumed exactly where the last check left the folder.
        expect(run.ready, where).toBe(expected);
        commandsAcknowledged += run.acks.length;
        const lastAck = run.acks.length > 0 ? Number(run.acks.at(-1)) : run.ready;

        const session = new GameSession({ storage: createConfBackend(root) });
        const night = session.currentNight;
        const view = session.getView();
        expect(view.storageNotices, `${where}: no file was set aside`).toEqual([]);
        expect(night, where).not.toBeNull();
        if (!night || !view.night) return;

        // Every acknowledged command is on disk. The kill may also have landed
        // after the night file was written but before `ack` was printed: then
        // the file holds exactly one more host command (stateId lastAck + 1)
        // plus the shuffles the dealer made for it (R9), and nothing else.
        const stateId = view.night.stateId;
        if (stateId !== lastAck) {
          killsAfterWrite++;
          const later = night.events.flatMap((e) => (e.type === 'command' && e.stateId > lastAck ? [e] : []));
          expect(later[0], `${where}: loaded ${stateId}, last ack ${lastAck}`).toMatchObject({ stateId: lastAck + 1 });
          expect(later[0]?.name, where).not.toBe('shuffle');
          expect(
            later.slice(1).every((e) => e.name === 'shuffle'),
            `${where}: more than one command beyond the last ack`,
          ).toBe(true);
          expect(stateId, where).toBe(lastAck + later.length);
        }

        // R24 on what was loaded: the ledger's fold is the table, and no chip is lost.
        const fold = foldEntries(night.ledger.entries);
        expect(view.night.pot, where).toBe(fold.pot);
        for (const player of view.night.players) expect(player.stack, `${where}: ${player.name}`).toBe(fold.stacks[player.id] ?? 0);
        const players = view.night.players;
        expect(sum(players.map((p) => p.boughtIn)), where).toBe(
          sum(players.map((p) => p.stack)) + view.night.pot + sum(players.map((p) => p.cashedOut)),
        );
        expected = stateId;
        session.close();
      }
      // The test is only worth something if the children really played between kills.
      expect(commandsAcknowledged).toBeGreaterThan(KILLS);
      expect(killsAfterWrite).toBeLessThan(KILLS);
    },
  );

  it(
    `a restore killed with SIGKILL at ${RESTORE_KILLS} random moments leaves all the old data or all the new, never a mix`,
    { timeout: 240_000 },
    async () => {
      // Two different histories to restore in turn: A (2 nights, 3 players) and B (3 nights, 4 players, other names).
      const made = (label: string, plans: { players: string[]; day: string; turns: number }[]) => {
        const folder = path.join(work, `history-${label}`);
        const clock = new TestClock();
        const session = openSession(folder, clock, label);
        for (const plan of plans) {
          playNight(session, clock, plan, label);
          closeNight(session);
        }
        const backup = ask(session, 'backup').content;
        session.close();
        const file = path.join(work, `backup-${label}.json`);
        fs.writeFileSync(file, backup);
        return file;
      };
      const fileA = made('A', [
        { players: ['Ana', 'Ben', 'Cleo'], day: '2026-03-06', turns: 12 },
        { players: ['Ana', 'Cleo'], day: '2026-03-13', turns: 8 },
      ]);
      const fileB = made('B', [
        { players: ['Dev', 'Eli', 'Fay'], day: '2026-04-03', turns: 10 },
        { players: ['Gus', 'Dev', 'Eli'], day: '2026-04-10', turns: 10 },
        { players: ['Fay', 'Gus'], day: '2026-04-17', turns: 6 },
      ]);
      fs.rmSync(root, { recursive: true, force: true });
      /** Everything the host sees of the history, every night opened. */
      const picture = (session: GameSession) => {
        const list = ask(session, 'listNights');
        return {
          roster: session.getView().roster,
          list,
          nights: list.map((n) => ask(session, 'getNight', { nightId: n.id })),
          standings: ask(session, 'getStandings', {}),
          notices: session.getView().storageNotices,
        };
      };
      const expectedOf = (file: string) => {
        const folder = path.join(work, `expected-${path.basename(file)}`);
        const session = new GameSession({ storage: createConfBackend(folder) });
        accepted(session.runNow('restore', { content: fs.readFileSync(file, 'utf8') }));
        const seen = picture(session);
        session.close();
        return JSON.stringify(seen);
      };
      const pictures = { A: expectedOf(fileA), B: expectedOf(fileB) };
      const first = new GameSession({ storage: createConfBackend(root) });
      accepted(first.runNow('restore', { content: fs.readFileSync(fileA, 'utf8') }));
      // How long one restore takes on this machine now: the odd kills aim inside the
      // child's first one (a fixed window would miss it on a fast, quiet machine).
      const restoreStarted = performance.now();
      accepted(first.runNow('restore', { content: fs.readFileSync(fileB, 'utf8'), replace: true }));
      accepted(first.runNow('restore', { content: fs.readFileSync(fileA, 'utf8'), replace: true }));
      const restoreMs = Math.max(1, (performance.now() - restoreStarted) / 2);
      first.close();

      let restoresAcknowledged = 0;
      let killedInFirstRestore = 0;
      const seen = { A: 0, B: 0 };
      let last: 'A' | 'B' = 'A';
      for (let kill = 1; kill <= RESTORE_KILLS; kill++) {
        // Odd kills land from the moment the child is ready (mostly inside its first restore);
        // even ones after it has acknowledged one restore, so kills also fall between and inside later ones.
        const afterAcks = kill % 2 === 0 ? 1 : 0;
        const playMs = Math.floor(Math.random() * (afterAcks === 0 ? restoreMs : 261));
        const run = await playAndKill(playMs, ['restore', fileA, fileB], afterAcks);
        const where = `restore kill ${kill} after ${playMs} ms from ack ${afterAcks} (acks ${run.acks.join('')})`;
        if (run.acks.length === 0) killedInFirstRestore += 1;
        restoresAcknowledged += run.acks.length;
        const session = new GameSession({ storage: createConfBackend(root) });
        const now = JSON.stringify(picture(session));
        session.close();
        const which = now === pictures.A ? 'A' : now === pictures.B ? 'B' : null;
        expect(which, `${where}: the data is neither all of backup A nor all of backup B`).not.toBeNull();
        if (which === null) return;
        // Nothing acknowledged is lost: after an acknowledged restore the data is that one, or the next one in flight.
        if (run.acks.length > 0) expect([run.acks.at(-1), run.acks.at(-1) === 'A' ? 'B' : 'A'], where).toContain(which);
        else expect([last, last === 'A' ? 'B' : 'A'], where).toContain(which);
        seen[which] += 1;
        last = which;
        // The child always starts with A, so the folder must be A before the next run for the check above to hold.
        if (which === 'B') {
          const reset = new GameSession({ storage: createConfBackend(root) });
          accepted(reset.runNow('restore', { content: fs.readFileSync(fileA, 'utf8'), replace: true }));
          reset.close();
          last = 'A';
        }
      }
      // The test is only worth something if kills fell both inside a restore and after acknowledged ones.
      expect(killedInFirstRestore).toBeGreaterThan(0);
      expect(restoresAcknowledged).toBeGreaterThanOrEqual(RESTORE_KILLS / 2);
      expect(seen.A).toBeGreaterThan(0);
      expect(seen.B).toBeGreaterThan(0);
    },
  );
  it(
    `M4: shared expenses recorded while the app is killed with SIGKILL at ${EXPENSE_KILLS} random moments: every acknowledged one is there, none half-written`,
    { timeout: 120_000 },
    async () => {
      fs.rmSync(root, { recursive: true, force: true });
      const first = new GameSession({ storage: createConfBackend(root) });
      accepted(
        first.runNow('startNight', {
          players: ['Ann', 'Bo', 'Cy', 'Di'].map((name) => ({ name })),
          startingChips: 20,
          chipValue: 1,
          currency: '',
        }),
      );
      first.close();

      const idsOf = (ack: string | undefined, otherwise: string[]) => (ack === undefined ? otherwise : ack === '-' ? [] : ack.split(','));
      let expected: string[] = [];
      let acknowledged = 0;
      for (let kill = 1; kill <= EXPENSE_KILLS; kill++) {
        const playMs = 20 + Math.floor(Math.random() * 181);
        const run = await playAndKill(playMs, ['expenses']);
        const where = `kill ${kill} after ${playMs} ms`;
        acknowledged += run.acks.length;
        const lastAck = idsOf(run.acks.at(-1), expected);

        const session = new GameSession({ storage: createConfBackend(root) });
        const view = session.getView();
        expect(view.storageNotices, `${where}: no file was set aside`).toEqual([]);
        const expenses = view.night?.expenses ?? [];
        const ids = expenses.map((e) => e.id);
        // Every acknowledged line is there; at most one more (written, killed before its ack): one added, or the oldest removed.
        if (ids.join(',') !== lastAck.join(',')) {
          const added = ids.length === lastAck.length + 1 && ids.slice(0, -1).join(',') === lastAck.join(',');
          const removed = ids.join(',') === lastAck.slice(1).join(',');
          expect(added || removed, `${where}: loaded ${ids.join(',')}, last ack ${lastAck.join(',')}`).toBe(true);
        }
        for (const e of expenses)
          expect(
            Object.values(e.shares).reduce((a, b) => a + b, 0),
            where,
          ).toBe(e.amount);
        expected = ids;
        session.close();
      }
      expect(acknowledged).toBeGreaterThan(EXPENSE_KILLS);
    },
  );
});
