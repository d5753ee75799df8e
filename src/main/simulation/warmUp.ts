import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RULES } from '../../shared/settings';
import { GameSession, type SessionOptions } from '../session/gameSession';
import { Bot } from './bot';
import { HostScript } from './hostScript';
import { endNight, nextAction, perform, sessionTable, startNight, type NightPlan, type Table } from './playNight';
import { SeededStream } from './seededStream';

/**
 * The built-in night: 6 players, every host action the bots know. 150 turns, not the 40 that give each command its
 * first call: the commands a night repeats most then reach their optimised code before the host's first night, whose
 * slowest 1 % of commands took 0.99 ms at the median of 10 runs against 1.16 ms (about 0.3 s of work once the
 * first screen is up, against 0.15 s; docs/benchmarks.md, 2026-12-08).
 */
const WARM_UP_PLAN: NightPlan = {
  players: ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay'],
  startingChips: 30,
  rules: DEFAULT_RULES,
  turns: 150,
  hostMoves: 'every',
};

/** The questions of the history asked of the built-in night once it has ended: the views of a night, its checks (the night checker's). */
const QUESTIONS = (nightId: string) =>
  [
    ['listNights', {}],
    ['getNight', { nightId }],
    ['verifyNight', { nightId }],
    ['getNightToCheck', { nightId, checker: '0'.repeat(16) }],
    ['getStandings', {}],
    ['getTab', {}],
  ] as const;

export interface WarmUpOptions {
  /** The storage of the built-in night's folder (the shell's backend, on a temporary folder). */
  storage: (root: string) => SessionOptions['storage'];
  /** Runs the next step later: on the next turn of the event loop unless a test steps it itself. */
  next?: (step: () => void) => void;
  /** Whether to stop (the session closed): checked before each step. */
  stopped?: () => boolean;
}

/**
 * The first night after a start as fast as the next: the code of every
 * command (the engine's decisions, the ledger, the journal, the view, the
 * night's end and its summary) and of the history's questions (the night
 * checker's re-judging included) runs for the first time here, not at the
 * host's first keypress. A small built-in night is played by the
 * simulator's bots in a session of its own, on a temporary folder removed
 * after, one command per turn of the event loop, so a keypress arriving
 * meanwhile waits for one command at most. First, the live session does
 * ahead what its next Start would (GameSession.prepareNextStart); last, it
 * folds the live history's board ahead (GameSession.foldBoardAhead). The shells
 * start this once the first screen is up (the window shown, the host
 * listening); it never throws, and nothing of the live session's data is
 * written.
 */
export function warmUp(live: GameSession, options: WarmUpOptions): Promise<void> {
  const next = options.next ?? ((step) => void setImmediate(step));
  const stopped = options.stopped ?? (() => false);
  return new Promise((resolve) => {
    let root: string | null = null;
    let session: GameSession | null = null;
    const finish = (): void => {
      try {
        session?.close();
      } catch {
        // Best effort: nothing of the host's data is in it.
      }
      if (root) fs.rmSync(root, { recursive: true, force: true });
      resolve();
    };
    const steps = built(live, options.storage, (opened, folder) => {
      session = opened;
      root = folder;
    });
    const step = (): void => {
      try {
        if (stopped() || steps.next().done) return finish();
      } catch {
        return finish();
      }
      next(step);
    };
    next(step);
  });
}

/** The warm-up's steps, one command each; `opened` is told of the built-in night's session and folder as soon as they exist. */
function* built(
  live: GameSession,
  storage: WarmUpOptions['storage'],
  opened: (session: GameSession, root: string) => void,
): Generator<void, void, void> {
  void live.prepareNextStart();
  yield;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'in-between-warm-up-'));
  const seed = Buffer.from('in-between-warm-up');
  const dealer = new SeededStream(seed, 'warm-up/dealer');
  const session = new GameSession({ storage: storage(root), randomBytes: (size) => dealer.bytes(size), groupFolderWatchMs: 0 });
  opened(session, root);
  yield;
  const table: Table = sessionTable(session);
  const bot = new Bot(new SeededStream(seed, 'warm-up/bots'));
  const host = new HostScript(bot);
  startNight(table, WARM_UP_PLAN);
  yield;
  for (let actions = 0; actions < 2000; actions++) {
    const night = table.night();
    if (!night || night.phase === 'ended' || (night.turnsPlayed >= WARM_UP_PLAN.turns && night.phase === 'ready')) break;
    const action = host.next(night) ?? nextAction(night, bot, WARM_UP_PLAN.startingChips, true);
    if (!action) break;
    perform(table, action);
    host.observe(action, night);
    yield;
  }
  endNight(table);
  yield;
  const nightId = session.currentNight?.state.nightId ?? '';
  for (const [question, args] of QUESTIONS(nightId)) {
    session.runNow(question, args);
    yield;
  }
  void live.foldBoardAhead();
  yield;
}
