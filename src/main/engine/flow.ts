import type { EngineState, Rotation, SeatedPlayer } from './state';

/**
 * The game's flow (docs/rules.md R4-R8, R11, R22, R28, R31, R32), decided
 * here and only here: who plays and who is skipped, who acts next, when the
 * deal passes and to whom, who antes, who cuts and in which order a pot is
 * shared at the end; all worked out from the seating, who sits out, who has
 * chips and who has played in this deal. The commands record what it
 * decides (commands/rotate.ts). Seats are numbered clockwise, so "the player
 * on the left" is the next seat number, wrapping.
 */

// ---------------------------------------------------------------- The engine revision of a night

/**
 * The engine revision a night started today is played by; a night keeps the
 * revision it started with (its journal's `start` line says it), so a night
 * recorded earlier replays exactly as it was played and shown.
 * - 1: a player sitting out when due handed the turn on at once, and coming
 *   back gave nothing back.
 * - 2: R32 made precise: sitting out and coming back change only who is
 *   skipped from then on (see `keepsPlaceInDeal`), and a dealer sitting out
 *   when their deal begins is passed over (R6).
 * - 3: R6 made precise the same way: a player with no chips who buys in
 *   before the deal's turn order reaches their place takes their turn in
 *   that deal (see `buyInRejoinsDeal`); the player of a turn just voided
 *   keeps the new turn R21 gives them, whoever buys in or comes back.
 */
export const ENGINE_REVISION = 3;

/**
 * R32 (revision 2 on): a player brought back before the turn order of the
 * current deal has passed their place takes their turn in that deal, so
 * sitting out and back between the same two turns changes nothing.
 */
function keepsPlaceInDeal(state: EngineState): boolean {
  return state.revision >= 2;
}

/**
 * R6 (revision 3 on): a player with no chips is skipped only until the host
 * records a buy-in for them: bought in before the turn order of the current
 * deal has passed their place, they take their turn in that deal. Nights of
 * revisions 1 and 2 kept the player due fixed, so they replay as recorded.
 */
function buyInRejoinsDeal(state: EngineState): boolean {
  return state.revision >= 3;
}

/**
 * R21 (revision 3 on): the player due is the player of the turn just voided,
 * who takes a new turn: the order had reached their place, so nobody bought
 * in or back before them takes it from them.
 */
function replaysVoidedTurn(state: EngineState): boolean {
  const { turn, toActSeat } = state;
  return (
    turn !== null &&
    turn.void &&
    toActSeat !== null &&
    state.players[toActSeat]?.id === turn.playerId &&
    isActive(state, state.players[toActSeat])
  );
}

// ---------------------------------------------------------------- Who plays (R6, R31, R32)

/** R6, R32: seated, not gone home, not sitting out, and holding chips: antes, draws, can be dealt a turn. */
export function isActive(state: EngineState, player: SeatedPlayer | undefined): player is SeatedPlayer {
  return player !== undefined && !player.left && !player.sittingOut && (state.stacks[player.id] ?? 0) > 0;
}

/** R31: active, and seated before `deal` began (a newcomer seated mid-deal plays from the next one). */
function playsIn(state: EngineState, player: SeatedPlayer | undefined, deal: number): player is SeatedPlayer {
  return isActive(state, player) && player.fromDeal <= deal;
}

/** R22, R32: still at the table with chips in front of them, sitting out or not: shares a pot split at the end. */
export function holdsChips(state: EngineState, player: SeatedPlayer): boolean {
  return !player.left && (state.stacks[player.id] ?? 0) > 0;
}

export function activePlayers(state: EngineState): SeatedPlayer[] {
  return state.players.filter((p) => isActive(state, p));
}

/** `activePlayers(state).length >= 2`, without building the list: it is asked before every turn. */
export function hasTwoActive(state: EngineState): boolean {
  let count = 0;
  for (const player of state.players) if (isActive(state, player) && ++count === 2) return true;
  return false;
}

/** The first seat strictly after `seat`, clockwise, whose player plays in `deal` (the current one unless said), or null. */
function nextActiveSeat(state: EngineState, seat: number, deal = state.dealNumber): number | null {
  const count = state.players.length;
  for (let step = 1; step <= count; step++) {
    const candidate = (seat + step) % count;
    if (playsIn(state, state.players[candidate], deal)) return candidate;
  }
  return null;
}

// ---------------------------------------------------------------- Where the deal stands (R8, R31)

/** A turn whose cards are out and whose outcome is not known yet (it may be waiting for a new deck, R13). */
export function turnInProgress(state: EngineState): boolean {
  const turn = state.turn;
  return turn !== null && turn.outcome === null && !turn.void;
}

/** R31: a deal is under way from its first turn to its last: some turn of the current deal has been dealt. */
export function dealUnderWay(state: EngineState): boolean {
  return state.turn !== null && state.dealerSeat !== null && state.turn.deal === state.dealNumber;
}

/**
 * R8: the seat the current deal's turn order has reached: the last player
 * who played a turn in it (a voided turn does not count, R21), or the
 * dealer's seat while nobody has, the first turn being on the dealer's left.
 */
function orderReached(state: EngineState): number | null {
  const { dealerSeat } = state;
  if (dealerSeat === null) return null;
  const last = lastPlayedInDeal(state);
  if (last === undefined) return dealerSeat;
  const seat = state.players.findIndex((p) => p.id === last);
  return seat < 0 ? dealerSeat : seat;
}

function lastPlayedInDeal(state: EngineState): string | undefined {
  const played = state.playedInDeal;
  return played.deal === state.dealNumber ? played.playerIds.at(-1) : undefined;
}

/**
 * R8, R32: who acts next in the current deal: the first player clockwise
 * after the place the turn order has reached, the dealer last, who plays in
 * this deal now (seated, not sitting out, with chips). Null when nobody is
 * left to play in it: the deal passes before the next turn.
 */
function nextInDeal(state: EngineState): number | null {
  const { dealerSeat } = state;
  const reached = orderReached(state);
  if (reached === null || dealerSeat === null) return null;
  // The dealer plays last: once they have, the deal is over.
  const dealer = state.players[dealerSeat];
  if (dealer && lastPlayedInDeal(state) === dealer.id) return null;
  const count = state.players.length;
  for (let step = 1; step <= count; step++) {
    const seat = (reached + step) % count;
    if (playsIn(state, state.players[seat], state.dealNumber)) return seat;
    if (seat === dealerSeat) break;
  }
  return null;
}

/**
 * The player the table waits for between turns, as shown: the player due
 * if they can play, else who the order reaches next in this deal; null when
 * the deal is about to pass (the next deal command passes it, R8).
 */
export function dueToAct(state: EngineState): number | null {
  const seat = state.toActSeat;
  if (seat === null || playsIn(state, state.players[seat], state.dealNumber)) return seat;
  return nextInDeal(state);
}

// ---------------------------------------------------------------- Who acts next and when the deal passes (R7, R8, R31, R32)

export interface NextTurn {
  dealerSeat: number | null;
  toActSeat: number | null;
  dealPassed: boolean;
}

/**
 * R8: after the player at `fromSeat` (whose turn just ended, or who left),
 * the next active player clockwise acts, the dealer last. Once the turn would
 * go past the dealer's seat, every player has had a turn in this deal and the
 * deal passes to the next active player on the dealer's left.
 */
export function nextTurnAfter(state: EngineState, fromSeat: number): NextTurn {
  const dealerSeat = state.dealerSeat;
  const count = state.players.length;
  if (dealerSeat === null) return { dealerSeat, toActSeat: null, dealPassed: false };
  if (fromSeat !== dealerSeat) {
    for (let step = 1; step <= count; step++) {
      const seat = (fromSeat + step) % count;
      if (playsIn(state, state.players[seat], state.dealNumber)) return { dealerSeat, toActSeat: seat, dealPassed: false };
      if (seat === dealerSeat) break;
    }
  }
  // The next deal: newcomers seated during this one play in it (R31).
  const nextDeal = state.dealNumber + 1;
  const newDealer = nextActiveSeat(state, dealerSeat, nextDeal);
  if (newDealer === null) return { dealerSeat, toActSeat: null, dealPassed: true };
  const toAct = nextActiveSeat(state, newDealer, nextDeal);
  return { dealerSeat: newDealer, toActSeat: toAct === newDealer && !hasTwoActive(state) ? null : toAct, dealPassed: true };
}

/** A change of who deals and who acts, as the `rotation` event records it; `dealPassed`: a new deal begins (the table is told). */
export interface RotationMove extends Rotation {
  dealPassed: boolean;
}

function moveTo(state: EngineState, next: NextTurn): RotationMove {
  return {
    dealerSeat: next.dealerSeat,
    dealNumber: state.dealNumber + (next.dealPassed ? 1 : 0),
    dealNeedsDeck: state.dealNeedsDeck || next.dealPassed,
    toActSeat: next.toActSeat,
    dealPassed: next.dealPassed,
  };
}

function sameDeal(state: EngineState, toActSeat: number | null): RotationMove {
  const { dealerSeat, dealNumber, dealNeedsDeck } = state;
  return { dealerSeat, dealNumber, dealNeedsDeck, toActSeat, dealPassed: false };
}

/**
 * R6, R32 (revision 2 on): a deal not begun yet (its deck not shuffled)
 * whose dealer now sits out, or has no chips or has left, passes on to the
 * next player on their left who plays, who deals it; their left begins it.
 * Asked when the deal begins, so a dealer who sat out and came back before
 * then deals as usual. Null when the dealer can deal.
 */
function dealerPassedOver(state: EngineState): RotationMove | null {
  const { dealerSeat } = state;
  if (!keepsPlaceInDeal(state) || !state.dealNeedsDeck || dealerSeat === null || isActive(state, state.players[dealerSeat])) return null;
  const dealer = nextActiveSeat(state, dealerSeat);
  if (dealer === null) return null;
  const { dealNumber, dealNeedsDeck } = state;
  return { dealerSeat: dealer, dealNumber, dealNeedsDeck, toActSeat: nextActiveSeat(state, dealer), dealPassed: true };
}

/** R7, R8: the draw chose the first dealer: the first deal is theirs, begun by the player on their left. */
export function firstDeal(state: EngineState, dealerSeat: number): Rotation {
  return { dealerSeat, dealNumber: 1, dealNeedsDeck: true, toActSeat: nextActiveSeat(state, dealerSeat) };
}

/** R8: after a turn by the player at `fromSeat`, the next player acts, or the deal passes. */
export function rotationAfterTurn(state: EngineState, fromSeat: number): RotationMove {
  return moveTo(state, nextTurnAfter(state, fromSeat));
}

/**
 * R6, R8: before a turn is dealt (or once the player due has cashed out),
 * the player due may no longer be able to play: the turn moves on, passing
 * the deal if nobody of this one is left. Null when the player due can play.
 */
function rotationBeforeTurn(state: EngineState): RotationMove | null {
  const seat = state.toActSeat;
  if (seat !== null && isActive(state, state.players[seat])) return null;
  const { dealerSeat } = state;
  // The deal passed while only one player held chips: it is this dealer's deal, begun by the player on their left (R8).
  if (seat === null && dealerSeat !== null) return sameDeal(state, nextActiveSeat(state, dealerSeat));
  return moveTo(state, nextTurnAfter(state, seat ?? dealerSeat ?? 0));
}

/** R6, R8, R32: as the host deals (or cuts) the next turn: a dealer passed over, else `rotationBeforeTurn`. */
export function rotationAsTurnIsDealt(state: EngineState): RotationMove | null {
  return dealerPassedOver(state) ?? rotationBeforeTurn(state);
}

/**
 * R32: who is due once `player` has sat out or come back between turns.
 * From revision 2, who the deal's order reaches next (`nextInDeal`): a
 * player back before the order passed their place plays in this deal; when
 * nobody of this deal is left the rotation stays, so the next deal passes
 * it then (a dealer back before that still has their last turn). Nights of
 * revision 1 keep their own way, so they replay as they were played: a
 * player sitting out when due handed the turn on at once (passing the deal
 * if they were its last), and coming back gave nothing back. Null when
 * nothing changes.
 */
export function rotationAfterSittingOutOrBack(
  state: EngineState,
  player: SeatedPlayer,
  change: 'sit-out' | 'come-back',
): RotationMove | null {
  const { dealerSeat, toActSeat, phase } = state;
  if (!keepsPlaceInDeal(state)) {
    const wasDue = change === 'sit-out' && toActSeat === player.seat && (phase.kind === 'ready' || phase.kind === 'cut');
    return wasDue ? rotationBeforeTurn(state) : null;
  }
  if (dealerSeat === null || toActSeat === null) return null;
  if (buyInRejoinsDeal(state) && replaysVoidedTurn(state)) return null;
  const next = nextInDeal(state);
  return next !== null && next !== toActSeat ? sameDeal(state, next) : null;
}

/**
 * R6 (revision 3 on): who is due once a player has bought in between turns:
 * who the deal's order reaches next (`nextInDeal`), so a player who had no
 * chips and whose place the order has not passed plays in this deal. Null
 * when nothing changes.
 */
export function rotationAfterBuyIn(state: EngineState): RotationMove | null {
  const { dealerSeat, toActSeat } = state;
  if (!buyInRejoinsDeal(state) || dealerSeat === null || toActSeat === null || turnInProgress(state) || replaysVoidedTurn(state))
    return null;
  const next = nextInDeal(state);
  return next !== null && next !== toActSeat ? sameDeal(state, next) : null;
}

/** R6, R8: a cash-out of the player due while the table waits for the next turn hands the turn on; null otherwise. */
export function rotationAfterCashOut(state: EngineState, player: SeatedPlayer): RotationMove | null {
  return state.toActSeat === player.seat && state.phase.kind === 'ready' ? rotationBeforeTurn(state) : null;
}

/** R8 with R31: before a deal's first turn, it is begun by whoever now sits on the dealer's left; null when that is the player due already. */
export function rotationAfterReseating(state: EngineState): RotationMove | null {
  const { dealerSeat, toActSeat } = state;
  if (dealerSeat === null || toActSeat === null) return null;
  const first = nextActiveSeat(state, dealerSeat);
  return first === toActSeat ? null : sameDeal(state, first);
}

// ---------------------------------------------------------------- Who antes (R4, R5, R28)

/** R4, R5, R28: who antes: every seated player with chips who is not sitting out (a newcomer antes on sitting down, R31). */
export function whoAntes(state: EngineState): SeatedPlayer[] {
  return activePlayers(state);
}

/** R28: with `anteWhen: every-deal`, every deal after the first begins with an ante (the first deal's is R4's own). */
export function dealBeginsWithAnte(state: EngineState): boolean {
  return state.settings.anteWhen === 'every-deal' && state.dealNumber > 1;
}

/** R5 with R28: before the host's deal, an empty pot is refilled by a re-ante, unless a new deal's own ante is about to refill it. */
export function reAntesBeforeTurn(state: EngineState): boolean {
  return state.pot === 0 && !(state.dealNeedsDeck && dealBeginsWithAnte(state));
}

/**
 * R5 with R28: after a turn (or its correction, R21) an empty pot is
 * refilled at once, unless the turn was its deal's last with `anteWhen:
 * every-deal`: the next deal's ante refills it. `dealPassed` is asked only
 * when the pot is empty.
 */
export function reAntesAfterTurn(state: EngineState, dealPassed: () => boolean): boolean {
  return state.pot === 0 && !(state.settings.anteWhen === 'every-deal' && dealPassed());
}

// ---------------------------------------------------------------- Who cuts (R11) and who shares the pot at the end (R22)

/** R6, R11, R32: the cutter: the player on the dealer's right in the seating now, skipping who left, sits out or has no chips. */
export function cutterSeat(state: EngineState): number | null {
  if (state.dealerSeat === null) return null;
  const count = state.players.length;
  for (let step = 1; step < count; step++) {
    const seat = (state.dealerSeat - step + count) % count;
    if (isActive(state, state.players[seat])) return seat;
  }
  return null;
}

/** R22: the players in turn order, starting on the dealer's left (seat 0 when no dealer was drawn). */
export function inTurnOrder(state: EngineState): SeatedPlayer[] {
  const { players, dealerSeat } = state;
  const first = dealerSeat === null ? 0 : (dealerSeat + 1) % players.length;
  return [...players.slice(first), ...players.slice(0, first)];
}
