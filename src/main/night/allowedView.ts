import type { CommandError } from '../../shared/errors';
import type { AllowedView, NightCommandName, PlayerAllowed } from '../../shared/view';
import {
  applyCommand,
  betLimits,
  correctionLimits,
  newcomerMinimumBuyIn,
  pairCallsFor,
  type EngineCommand,
  type EngineState,
} from '../engine';
import { rankOf } from '../../shared/cards';

/**
 * The `allowed` part of the night's view (docs/design.md "Screens never
 * compute a rule"). Each command is tried on the engine with the state as it
 * is, and its answer kept: the engine is pure and a refused command leaves
 * the state untouched, so asking costs nothing but the time, and the answer
 * can never drift from what main would do with the real command.
 */
export function allowedView(state: EngineState): AllowedView {
  const known = asked.get(state);
  if (known) return known;
  const allowed = probedWithoutTraces(state);
  asked.set(state, allowed);
  return allowed;
}

/** An engine state never changes (a command makes a new one), so its answers are kept for every screen that asks. */
const asked = new WeakMap<EngineState, AllowedView>();

function probedWithoutTraces(state: EngineState): AllowedView {
  // A refusal is thrown inside the engine; its stack trace is never read here and costs most of a probe's time.
  const traceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return probedView(state);
  } finally {
    Error.stackTraceLimit = traceLimit;
  }
}

function probedView(state: EngineState): AllowedView {
  const players: Record<string, PlayerAllowed> = {};
  for (const player of state.players) players[player.id] = playerAllowed(state, player.id);
  const perPlayer = Object.values(players);
  const endRefusal = refusalOf(state, { type: 'end', at: state.startedAt });
  const ended = state.phase.kind === 'ended';
  const verdicts: Record<NightCommandName, boolean> = {
    drawForDealer: accepts(state, { type: 'draw' }),
    cut: accepts(state, { type: 'cut', cut: 0 }),
    deal: accepts(state, { type: 'deal' }),
    callAce: accepts(state, { type: 'ace-call', call: 'high' }),
    callPair: state.phase.kind === 'pair-call' && pairCallsOfTurn(state).some((call) => accepts(state, { type: 'pair-call', call })),
    bet: accepts(state, { type: 'bet', amount: 'pot' }),
    pass: accepts(state, { type: 'pass' }),
    buyIn: state.players.some((p) => accepts(state, { type: 'buy-in', playerId: p.id, amount: 1 })),
    cashOut: perPlayer.some((p) => p.cashOut === null),
    undo: accepts(state, { type: 'undo' }),
    correctBet: accepts(state, { type: 'correct-bet', amount: 'pot' }),
    voidTurn: accepts(state, { type: 'void-turn' }),
    endNight: endRefusal === null,
    seatPlayer: accepts(state, newcomerProbe(state)),
    movePlayer: perPlayer.some((p) => p.move === null),
    sitOut: perPlayer.some((p) => p.sitOut === null),
    comeBack: perPlayer.some((p) => p.comeBack === null),
    reopenNight: accepts(state, { type: 'reopen', at: state.startedAt }),
    // Closing puts an ended night away (the session's own command, not a rule of play).
    closeNight: ended,
  };
  return {
    commands: (Object.keys(verdicts) as NightCommandName[]).filter((name) => verdicts[name]),
    bet: betLimits(state),
    correction: verdicts.correctBet ? correctionLimits(state) : null,
    cut: verdicts.cut && state.deck ? { min: 0, max: state.deck.cards.length - 1 } : null,
    endRefusal: ended ? null : endRefusal,
    newcomerMinBuyIn: newcomerMinimumBuyIn(state),
    players,
  };
}

function refusalOf(state: EngineState, command: EngineCommand): CommandError | null {
  const result = applyCommand(state, command);
  return result.ok ? null : result.error;
}

function accepts(state: EngineState, command: EngineCommand): boolean {
  return refusalOf(state, command) === null;
}

function playerAllowed(state: EngineState, playerId: string): PlayerAllowed {
  return {
    cashOut: refusalOf(state, { type: 'cash-out', playerId }),
    sitOut: refusalOf(state, { type: 'sit-out', playerId }),
    comeBack: refusalOf(state, { type: 'come-back', playerId }),
    move: moveRefusal(state, playerId),
  };
}

/**
 * R31: a player can be moved when some seat is open to them. Next to the
 * player already on their right nothing would change, so two neighbours are
 * tried: one of them is not that player.
 */
function moveRefusal(state: EngineState, playerId: string): CommandError | null {
  const others = state.players.filter((p) => p.id !== playerId && !p.left).slice(0, 2);
  let refusal: CommandError | null = null;
  for (const other of others) {
    refusal = refusalOf(state, { type: 'move', playerId, afterPlayerId: other.id });
    if (refusal === null) return null;
  }
  return refusal ?? refusalOf(state, { type: 'move', playerId, afterPlayerId: playerId });
}

/** R31: a newcomer nobody at the table can clash with, buying in just above the ante. */
function newcomerProbe(state: EngineState): EngineCommand {
  const after = state.players.find((p) => !p.left) ?? state.players[0];
  const probe = '\u0000newcomer';
  return { type: 'seat', playerId: probe, name: probe, afterPlayerId: after?.id ?? '', buyIn: newcomerMinimumBuyIn(state) };
}

function pairCallsOfTurn(state: EngineState): ('higher' | 'lower')[] {
  const post = state.turn?.posts[0];
  return post ? pairCallsFor(rankOf(post)) : [];
}
