import type { ExpenseView } from '../../../shared/history';
import type { Payment, SettleMode } from '../../../shared/vocabulary';
import type { DeckView, LastActionView, NightView, PlayerResult, PlayerView, TableDrawView, TurnView } from '../../../shared/view';
import { LAPTOP_WITNESS } from '../../../shared/tableDraw';
import {
  betLimits,
  cutterSeat,
  dealUnderWay,
  dueToAct,
  halfPotRound,
  pairCallsFor,
  turnInProgress,
  type DeckState,
  type EngineState,
  type RetiredDeck,
} from '../../engine';
import { rankOf } from '../../../shared/cards';
import { nightSettlement } from '../../history/settlement';
import { nightAwards } from '../../night/figures';
import { nightLuck } from '../../night/luck';
import { expenseViews } from '../../night/money';
import { turnView } from '../../night/turnView';
import { allowedView } from '../../night/allowedView';

/** How many finished turns the console and the table list. */
const RECENT_TURNS = 12;

/** The night's money beyond its chips (M2, M3, M4): its default payment, its shared expenses and, once ended, its balances and how it is settled. */
export interface NightMoneyFacts {
  payment?: Payment;
  balances?: Readonly<Record<string, number>> | null;
  expenses?: readonly ExpenseView[];
  settleMode?: SettleMode;
}

/**
 * The read-only NightView the windows draw, made from the engine state, the
 * turn history and (once the night has ended) the results. Nothing secret
 * leaves here: a deck's seed only once it is retired (R12).
 */
export function nightView(
  state: EngineState,
  turns: readonly TurnView[],
  results: PlayerResult[] | null,
  money: NightMoneyFacts = {},
  /** R34: the witnesses left out of the night's last draw (from its events). */
  missedLastDraw: readonly string[] = [],
): NightView {
  // Who the table waits for and who cuts are the engine's to say (flow.ts: R8, R11, R32).
  const toActSeat = dueToAct(state);
  const toAct = toActSeat === null ? null : (state.players[toActSeat] ?? null);
  const dealer = state.dealerSeat === null ? null : (state.players[state.dealerSeat] ?? null);
  const cutSeat = cutterSeat(state);
  const cutter = cutSeat === null ? null : (state.players[cutSeat] ?? null);
  const phase = state.phase.kind;
  const acting = phase === 'ready' || phase === 'ace-call' || phase === 'pair-call' || phase === 'bet' || phase === 'cut';
  const betweenTurns = !turnInProgress(state) && (phase === 'draw' || phase === 'ready' || phase === 'cut');
  const players: PlayerView[] = state.players.map((p) => {
    const stack = state.stacks[p.id] ?? 0;
    return {
      id: p.id,
      name: p.name,
      seat: p.seat,
      stack,
      boughtIn: state.boughtIn[p.id] ?? 0,
      cashedOut: state.cashedOut[p.id] ?? 0,
      status: p.left ? 'left' : stack > 0 && !p.sittingOut ? 'playing' : 'sitting-out',
      isDealer: dealer?.id === p.id,
      isToAct: acting && toAct?.id === p.id,
      isCutter: state.phase.kind === 'cut' && cutter?.id === p.id,
      sittingOut: p.sittingOut,
      waitsForNextDeal: p.fromDeal > state.dealNumber,
    };
  });
  const view: Omit<NightView, 'allowed'> = {
    id: state.nightId,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    stateId: state.stateId,
    phase: state.phase.kind,
    settings: state.settings,
    chipValue: state.chipValue,
    currency: state.currency,
    players,
    pot: state.pot,
    dealNumber: state.dealNumber,
    dealerId: dealer?.id ?? null,
    toActId: acting ? (toAct?.id ?? null) : null,
    cutterId: state.phase.kind === 'cut' ? (cutter?.id ?? null) : null,
    deck: state.deck ? liveDeckView(state.deck) : null,
    tableDraw: tableDrawView(state, missedLastDraw),
    lastRetiredDeck: state.lastRetiredDeck ? retiredDeckView(state.lastRetiredDeck) : null,
    decksRetired: state.decksRetired,
    draw: state.draw ? { deckId: state.draw.deckId, rounds: state.draw.rounds, winnerId: state.draw.winnerId } : null,
    turn: state.turn ? turnView(state.turn) : null,
    odds: state.phase.kind === 'bet' ? (state.turn?.odds ?? null) : null,
    betLimits: betLimits(state),
    // R34: with the table drawing, no deck is shuffled or cut.
    nextDealNeedsCut:
      state.settings.cards !== 'table' &&
      state.phase.kind === 'ready' &&
      (state.dealNeedsDeck || state.deck === null || state.deck.cards.length - state.deck.position < 3),
    canPass: phase === 'bet' && state.settings.pass,
    pairCalls: phase === 'pair-call' && state.turn?.posts[0] ? pairCallsFor(rankOf(state.turn.posts[0])) : null,
    halfPotRound: phase !== 'ended' && halfPotRound(state),
    dealUnderWay: phase !== 'ended' && dealUnderWay(state),
    turnInProgress: phase !== 'ended' && turnInProgress(state),
    betweenTurns,
    reopened: state.reopened,
    announcements: state.announcements,
    turnsPlayed: turns.filter((t) => !t.void && t.outcome !== null).length,
    recentTurns: turns.slice(-RECENT_TURNS).reverse(),
    lastAction: lastActionView(state),
    results,
    // Counted only once the night has ended: the TV shows them on its end screen.
    awards:
      phase === 'ended'
        ? nightAwards(
            state.players.map((p) => p.id),
            turns,
          )
        : null,
    luck:
      phase === 'ended'
        ? nightLuck(
            state.players.map((p) => p.id),
            turns,
            state.settings,
          )
        : null,
    // M3: in the mode the host chose for this night (banker mode settles every party with the bank).
    settlement: results ? nightSettlement(results, money.balances, money.settleMode) : null,
    ...(money.payment ? { payment: money.payment } : {}),
    expenses: expenseViews(money.expenses ?? []),
  };
  return withAllowedOnFirstRead(view, state);
}

/**
 * The `allowed` part is asked of the engine command by command (night/allowedView.ts),
 * the dearest part of a view by far. The host's action waits for its journal line,
 * not for that: the part is worked out when first read (by the window or socket the
 * view is sent to, or a test), once per engine state, and is the same object for
 * every reader. It is an ordinary enumerable property to every reader (spread,
 * JSON, structured clone), so nothing a screen receives changes.
 */
function withAllowedOnFirstRead(view: Omit<NightView, 'allowed'>, state: EngineState): NightView {
  return Object.defineProperty(view, 'allowed', {
    enumerable: true,
    configurable: true,
    get: () => allowedView(state),
  }) as NightView;
}

function liveDeckView(deck: DeckState): DeckView {
  // R34: a shoe holds its decks until drawn from; a shuffled deck's cards are all laid out.
  const size = deck.shoe ? deck.copies * 52 : deck.cards.length;
  return {
    id: deck.id,
    purpose: deck.purpose,
    copies: deck.copies,
    commitment: deck.commitment,
    seed: null,
    cut: deck.cut,
    size,
    remaining: deck.shoe ? deck.shoe.length : deck.cards.length - deck.position,
  };
}

/** R34: the deal's commitment (its fingerprint's first 8 characters, the phones in it), the last draw's missing phones and the shoe. */
function tableDrawView(state: EngineState, missedLastDraw: readonly string[]): TableDrawView | null {
  const witnesses = state.witnesses;
  if (state.settings.cards !== 'table' || !witnesses) return null;
  const phones = witnesses.heads.filter((w) => w.id !== LAPTOP_WITNESS).length;
  const shoe = state.deck?.shoe ? state.deck : null;
  return {
    fingerprint: witnesses.fingerprint.slice(0, 8),
    phones,
    laptopAlone: phones === 0,
    missedLastDraw: [...missedLastDraw],
    shoeSize: shoe ? shoe.copies * 52 : state.settings.decks * 52,
    remaining: shoe?.shoe ? shoe.shoe.length : state.settings.decks * 52,
  };
}

function retiredDeckView(deck: RetiredDeck): DeckView {
  return {
    id: deck.id,
    purpose: deck.purpose,
    copies: deck.copies,
    commitment: deck.commitment,
    seed: deck.seed,
    cut: deck.cut,
    size: deck.size,
    remaining: deck.size - deck.dealt,
  };
}

function lastActionView(state: EngineState): LastActionView | null {
  const last = state.lastAction;
  if (!last) return null;
  const open = !last.settled && state.phase.kind !== 'ended';
  const turnOpen = open && last.kind === 'turn' && state.phase.kind === 'ready' && state.turn?.n === last.turn;
  const outcome = state.turn?.outcome;
  return {
    kind: last.kind,
    canUndo:
      open && (last.kind === 'buy-in' || last.kind === 'cash-out' || (last.kind === 'seating' && last.seating?.stateId === state.stateId)),
    canCorrectBet: turnOpen && state.turn?.bet !== null && (outcome === 'win' || outcome === 'lose' || outcome === 'post'),
    canVoid: turnOpen,
  };
}
