import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Payment, RuleSettings } from '../../src/shared';
import { GameSession } from '../../src/main/session/gameSession';
import { exportNight, ownRecord, signerOf, type LaptopSigner, type NightExport } from '../../src/main/night';
import { sha256Hex } from '../../src/shared/sha256';
import { createConfBackend } from '../../src/main/store';
import { Bot, DEFAULT_STYLE, type BotStyle } from '../../src/main/simulation/bot';
import {
  endNight,
  perform,
  playTurns,
  sessionTable,
  sharedExpense,
  startNight,
  type NightPlan,
  type Table,
} from '../../src/main/simulation/playNight';
import { SeededStream } from '../../src/main/simulation/seededStream';
import { SimulatedPhones } from '../../src/main/simulation/phones';
import { tickingClock } from '../../harness/simulatedClock';

/** Stream labels (docs/export-format.md): one for the dealer (ids, deck seeds), one for the bots. */
export const DEALER_STREAM = 'in-between-sim/dealer';
export const BOT_STREAM = 'in-between-sim/bots';
/** The stream that decides a night's shared expense (M4), apart from the bots' so their play stays the same. */
const EXPENSE_STREAM = 'in-between-sim/expenses';
/** The stream of the simulated phones helping deal (R34), apart from the others so a night without them replays the same. */
const PHONE_STREAM = 'in-between-sim/phones';
/** The simulated laptop's key (R35): its nights are signed like a real laptop's, so the checker checks their record too. */
const LAPTOP_KEY = 'in-between-sim/laptop';

/**
 * The simulated laptop that signs a night played from `seed` (R35): its private key sha256(seed || utf8(label)), its
 * id `l-` and the first 16 hex digits of the same hash taken again (docs/export-format.md "Reproducing a simulated night").
 */
function simulatedLaptop(seed: Uint8Array): LaptopSigner {
  const key = sha256Hex(Buffer.concat([seed, Buffer.from(LAPTOP_KEY, 'utf8')]));
  return signerOf(`l-${sha256Hex(key).slice(0, 16)}`, key);
}

/** The name the simulated laptop goes by in a night's record. */
const SIMULATED_LAPTOP_NAME = 'Simulated laptop';

export const BOT_NAMES = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Juno', 'Kai', 'Lena'] as const;

export interface SimulatedTable {
  session: GameSession;
  bot: Bot;
  /** The data folder the session writes to. */
  root: string;
}

/**
 * A real GameSession on a conf store in `root`, whose secure random source
 * (ids, R9 deck seeds) and clock are replaced by ones derived from `seed`.
 */
export function openSimulatedTable(
  seed: Uint8Array,
  root: string,
  style: BotStyle = DEFAULT_STYLE,
  composeParts?: ConstructorParameters<typeof GameSession>[1],
  /** When the index is written after a night starts or ends (SessionOptions): the bench times that write apart. */
  deferIndexWrite?: (job: () => void) => void,
): SimulatedTable {
  const dealer = new SeededStream(seed, DEALER_STREAM);
  const session = new GameSession(
    {
      storage: createConfBackend(root),
      randomBytes: (size) => dealer.bytes(size),
      now: tickingClock(),
      ...(deferIndexWrite ? { deferIndexWrite } : {}),
    },
    composeParts,
  );
  return { session, bot: new Bot(new SeededStream(seed, BOT_STREAM), style), root };
}

export interface SimulationOptions {
  seed: Uint8Array;
  players: number;
  turns: number;
  rules: RuleSettings;
  startingChips: number;
  /** M2: how the night's buy-ins and cash-outs are paid unless one says otherwise (credit when not given). */
  payment?: Payment;
  /** `every`: every host action on every night, and now and then the night reopened (R33) and played on (NightPlan). */
  hostMoves?: 'house' | 'every';
  /** On nights whose cards the table draws: simulated phones help deal (R34), joining late, missing draws, dropped, coming back. */
  phones?: boolean;
}

export function planFor(
  options: Pick<SimulationOptions, 'players' | 'turns' | 'rules' | 'startingChips' | 'payment' | 'hostMoves'>,
): NightPlan {
  return {
    players: BOT_NAMES.slice(0, options.players),
    startingChips: options.startingChips,
    rules: options.rules,
    turns: options.turns,
    ...(options.payment ? { payment: options.payment } : {}),
    ...(options.hostMoves ? { hostMoves: options.hostMoves } : {}),
  };
}

/** Plays one whole night in a fresh temporary data folder (removed after) and returns its export. */
export function simulateNight(options: SimulationOptions): NightExport {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'in-between-sim-'));
  const table = openSimulatedTable(options.seed, root);
  try {
    const phones =
      options.phones && options.rules.cards === 'table'
        ? new SimulatedPhones(table.session.tableWitnesses, new SeededStream(options.seed, PHONE_STREAM))
        : undefined;
    const driver = sessionTable(table.session, phones);
    const plan = planFor(options);
    startNight(driver, plan);
    playTurns(driver, table.bot, plan);
    endNight(driver);
    if (plan.hostMoves === 'every') reopenAndPlayOn(driver, table.bot, plan);
    const ended = driver.night();
    const expense = ended ? sharedExpense(ended, new SeededStream(options.seed, EXPENSE_STREAM)) : null;
    if (expense) perform(driver, expense);
    const night = table.session.currentNight;
    if (!night) throw new Error('the night vanished after it ended');
    return exportNight(night, undefined, undefined, ownRecord(night, simulatedLaptop(options.seed), SIMULATED_LAPTOP_NAME));
  } finally {
    table.session.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** R33: now and then (1 night in 4) the host reopens the night just ended, plays a few more turns and ends it again. */
function reopenAndPlayOn(driver: Table, bot: Bot, plan: NightPlan): void {
  if (!bot.chance(0.25)) return;
  const ended = driver.night();
  if (!ended) return;
  perform(driver, { command: 'reopenNight', args: { stateId: ended.stateId } });
  playTurns(driver, bot, { ...plan, turns: ended.turnsPlayed + 3 + bot.below(15) });
  endNight(driver);
}
