import type { CommandError, CommandName, NightView, Payment, RuleSettings } from '../../shared';
import type { GameSession } from '../session/gameSession';
import type { Action } from './action';
import type { Bot } from './bot';
import type { SimulatedPhones } from './phones';
import { HostScript } from './hostScript';
import type { SeededStream } from './seededStream';

/**
 * Drives a table the way a host at the keyboard would, one command at a
 * time, with bots deciding the players' part. The table is the real
 * GameSession (or anything with the same two methods).
 */
export interface Table {
  night(): NightView | null;
  run(command: CommandName, args: unknown): { ok: true } | { ok: false; error: CommandError };
  /** Between turns, before the host's next command: the phones helping deal come and go (R34). */
  betweenTurns?(night: NightView): void;
}

/** The session as a table; `phones`, when given, help deal on nights whose cards the table draws (R34). */
export function sessionTable(session: GameSession, phones?: SimulatedPhones): Table {
  return {
    night: () => session.getView().night,
    run: (command, args) => {
      const result = session.runNowAskingPhones(command, args);
      return result.ok ? { ok: true } : result;
    },
    ...(phones ? { betweenTurns: (night: NightView) => phones.betweenTurns(night) } : {}),
  };
}

export interface NightPlan {
  players: string[];
  startingChips: number;
  rules: RuleSettings;
  /** Turns to play; voided turns do not count. */
  turns: number;
  chipValue?: number;
  /** M2: the night's payment, cash or credit (the session's default, credit, when not given). */
  payment?: Payment;
  /**
   * `house` (the default): latecomers, moves, sitting out and going home on
   * house nights only, as `npm run simulate` always did (so a seed replays
   * the same night). `every`: on every night, with the host's sequences of
   * HostScript too.
   */
  hostMoves?: 'house' | 'every';
}

/** A command the table refused: in a simulation that is a bug, in the app or in the bot. */
class RefusedAction extends Error {
  constructor(
    readonly action: Action,
    readonly error: CommandError,
  ) {
    super(`${action.command} ${JSON.stringify(action.args)} was refused: ${error.code}: ${error.message}`);
  }
}

export function perform(table: Table, action: Action): void {
  const result = table.run(action.command, action.args);
  if (!result.ok) throw new RefusedAction(action, result.error);
}

export function startNight(table: Table, plan: NightPlan): void {
  perform(table, {
    command: 'startNight',
    args: {
      players: plan.players.map((name) => ({ name })),
      startingChips: plan.startingChips,
      chipValue: plan.chipValue ?? 1,
      currency: '',
      settings: plan.rules,
      ...(plan.payment ? { payment: plan.payment } : {}),
    },
  });
}

/** The host's next command for this night, or null once it has ended. */
export function nextAction(night: NightView, bot: Bot, startingChips: number, everyNight = false): Action | null {
  const stateId = night.stateId;
  switch (night.phase) {
    case 'draw':
      return { command: 'drawForDealer', args: { stateId } };
    case 'cut':
      return needsBuyIn(night, startingChips) ?? { command: 'cut', args: { stateId, cut: bot.cut(night.deck?.size ?? 1) } };
    case 'ace-call':
      return { command: 'callAce', args: { stateId, call: bot.aceCall() } };
    case 'pair-call':
      return { command: 'callPair', args: { stateId, call: bot.pairCall(night.pairCalls ?? ['higher']) } };
    case 'bet': {
      if (bot.passes(night.odds, night.canPass)) return { command: 'pass', args: { stateId } };
      const limits = night.betLimits ?? { min: 1, max: 1 };
      return { command: 'bet', args: { stateId, amount: bot.bet(night.odds, limits) } };
    }
    case 'ready':
      return (
        fixOrBuyBack(night, bot, startingChips) ??
        buyInBeforeTableAnte(night, startingChips) ??
        houseMoves(night, bot, startingChips, everyNight) ?? { command: 'deal', args: { stateId } }
      );
    case 'shuffle':
      throw new Error('the session left a deck unshuffled: it shuffles as soon as the engine asks (R9)');
    case 'reveal':
      throw new Error('the session left a card undrawn: the table draws as soon as the engine asks (R34)');
    case 'ended':
      return null;
  }
}

/** R6: an every-deal ante (R28) can take the last chips of all but one player before the cut: one buys back in. */
function needsBuyIn(night: NightView, startingChips: number): Action | null {
  if (night.players.filter((p) => p.status === 'playing').length >= 2) return null;
  const busted = night.players.find((p) => p.status !== 'left' && !p.sittingOut && p.stack === 0);
  return busted
    ? { command: 'buyIn', args: { stateId: night.stateId, playerId: busted.id, amount: startingChips, ...paidFor(night, busted.seat) } }
    : null;
}

/**
 * R6 with R28 and R34: when the table draws, the deal takes its every-deal
 * ante and commits for the table in one command, with no cut between (where
 * a deck night's buy-in goes, needsBuyIn): so before it, when fewer than 2
 * playing players would keep chips after the ante, one of those it would
 * empty buys back in.
 */
function buyInBeforeTableAnte(night: NightView, startingChips: number): Action | null {
  const rules = night.settings;
  if (rules.cards !== 'table' || rules.anteWhen !== 'every-deal') return null;
  const playing = night.players.filter((p) => p.status !== 'left' && !p.sittingOut);
  if (playing.filter((p) => p.stack > rules.ante).length >= 2) return null;
  const short = playing.find((p) => p.stack <= rules.ante);
  return short
    ? { command: 'buyIn', args: { stateId: night.stateId, playerId: short.id, amount: startingChips, ...paidFor(night, short.seat) } }
    : null;
}

/** Between turns: now and then a void or a correction (R21), and buy-backs for busted players (R6). */
function fixOrBuyBack(night: NightView, bot: Bot, startingChips: number): Action | null {
  const stateId = night.stateId;
  const last = night.lastAction;
  const fix = last ? bot.fixLastTurn(last.canVoid, last.canCorrectBet) : null;
  if (fix === 'void') return { command: 'voidTurn', args: { stateId } };
  if (fix === 'correct' && night.turn?.bet != null) {
    // R21 within R17 and R27: no more than the largest bet allowed when it was asked.
    const amount = bot.correctedBet(night.turn.bet, night.turn.limit ?? Math.min(night.turn.potBefore, night.turn.stackBefore));
    if (amount !== null) return { command: 'correctBet', args: { stateId, amount } };
  }
  const busted = night.players.filter((p) => p.status !== 'left' && p.stack === 0);
  const playing = night.players.filter((p) => p.status === 'playing').length;
  for (const player of busted) {
    if (playing < 2 || bot.buysBack())
      return { command: 'buyIn', args: { stateId, playerId: player.id, amount: startingChips, ...paidFor(night, player.seat) } };
  }
  return null;
}

/**
 * M2 on house nights: a buy-back is paid in cash at even seats and on credit
 * at odd ones (chosen from the seat, not the bot's dice, so every night deals
 * as before); other nights leave it to the night's default.
 */
function paidFor(night: NightView, seat: number): { paid?: 'cash' | 'credit' } {
  return isHouseNight(night.settings) ? { paid: seat % 2 === 0 ? 'cash' : 'credit' } : {};
}

/** A night played with any house setting (R26-R30) on: the table also has latecomers and players who step away. */
function isHouseNight(rules: RuleSettings): boolean {
  return (
    rules.pass ||
    rules.maxBet !== null ||
    rules.firstRound !== 'open' ||
    rules.anteWhen !== 'empty-pot' ||
    rules.pair === 'high-low' ||
    rules.postPays === 3
  );
}

/**
 * Between turns on a house night: now and then a latecomer sits down or a
 * player changes seats between deals (R31), a player sits out or comes back
 * (R32), or goes home with their chips, paid in cash or owed (M2); and a
 * seating change just made is sometimes undone, the host having picked the
 * wrong player (R21).
 */
function houseMoves(night: NightView, bot: Bot, startingChips: number, everyNight: boolean): Action | null {
  if (!(everyNight || isHouseNight(night.settings)) || !night.betweenTurns) return null;
  const stateId = night.stateId;
  if (night.lastAction?.kind === 'seating' && night.lastAction.canUndo && bot.undoesSeating())
    return { command: 'undo', args: { stateId } };
  const seated = night.players.filter((p) => p.status !== 'left');
  const away = seated.filter((p) => p.sittingOut);
  const playing = seated.filter((p) => p.status === 'playing');
  const move = bot.houseMove({
    someoneAway: away.length > 0,
    canSitOut: playing.length > 2,
    roomForMore: night.players.length < 12,
    canMove: !night.dealUnderWay && seated.length > 2,
    canLeave: playing.length > 3,
  });
  if (move === 'come-back') return { command: 'comeBack', args: { stateId, playerId: bot.pickOne(away).id } };
  if (move === 'sit-out') return { command: 'sitOut', args: { stateId, playerId: bot.pickOne(playing).id } };
  if (move === 'latecomer') {
    const after = bot.pickOne(seated);
    return {
      command: 'seatPlayer',
      args: {
        stateId,
        player: { name: `Latecomer ${night.players.length + 1}` },
        afterPlayerId: after.id,
        buyIn: startingChips,
        paid: 'cash',
      },
    };
  }
  if (move === 'move') {
    const mover = bot.pickOne(seated);
    // R31: anywhere but where they sit already (on the left of the seat before theirs).
    const onTheirRight = mover.seat > 0 ? night.players[mover.seat - 1]?.id : undefined;
    const after = bot.pickOne(seated.filter((p) => p.id !== mover.id && p.id !== onTheirRight));
    return { command: 'movePlayer', args: { stateId, playerId: mover.id, afterPlayerId: after.id } };
  }
  if (move === 'leave') {
    const leaving = bot.pickOne(playing);
    return { command: 'cashOut', args: { stateId, playerId: leaving.id, ...paidFor(night, leaving.seat) } };
  }
  return null;
}

/**
 * Plays until `plan.turns` turns have been played and the table waits for the
 * next deal, so the night can end there (R22 refuses mid-turn).
 */
export function playTurns(table: Table, bot: Bot, plan: NightPlan, onAction?: (action: Action) => void, script?: HostScript): void {
  const limit = plan.turns * 50 + 1000;
  const every = plan.hostMoves === 'every';
  const host = every ? (script ?? new HostScript(bot)) : null;
  for (let actions = 0; ; actions++) {
    const night = table.night();
    if (!night) throw new Error('no night is open');
    if (night.phase === 'ended' || (night.turnsPlayed >= plan.turns && night.phase === 'ready')) return;
    if (actions >= limit) throw new Error(`${limit} commands and still not ${plan.turns} turns: the bots are stuck in ${night.phase}`);
    if (night.phase === 'ready') table.betweenTurns?.(night);
    const action = host?.next(night) ?? nextAction(night, bot, plan.startingChips, every);
    if (!action) return;
    perform(table, action);
    host?.observe(action, night);
    onAction?.(action);
  }
}

export function endNight(table: Table): void {
  const night = table.night();
  if (!night) throw new Error('no night is open');
  perform(table, { command: 'endNight', args: { stateId: night.stateId } });
}

/**
 * M4: once a night has ended, now and then the host records a shared expense
 * (someone paid for the pizza, some of the table share it). Decided from a
 * stream of its own, so the bots' play and the dealer's decks are the same
 * with or without it; null when this night has none.
 */
export function sharedExpense(night: NightView, stream: SeededStream): Action | null {
  if (!stream.chance(0.5)) return null;
  const players = night.players;
  const payer = players[stream.below(players.length)];
  if (!payer) return null;
  const chosen = players.filter(() => stream.chance(0.7));
  const sharers = (chosen.length > 0 ? chosen : players).map((p) => p.id);
  const amount = 1 + stream.below(9_999);
  return { command: 'addExpense', args: { payer: payer.id, amount, description: 'Pizza', sharers } };
}
