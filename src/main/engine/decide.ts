import { ACE_LOW, rankOf, type CardCode } from '../../shared/cards';
import { playerAccount, type Account, type ChipCode, type ChipMove } from '../../shared/chips';
import { commandError, type CommandError, type CommandErrorCode, type RuleId } from '../../shared/errors';
import type { RuleSettings } from '../../shared/settings';
import type { Announcement, AnnouncementKind, DeckPurpose, TurnOutcome } from '../../shared/view';
import { seedBytesOf, sha256Hex } from './deck';
import type { EngineEvent } from './events';
import { applyEvent, copyOfState, type DraftCopies } from './evolve';
import { deckOddsBetween, oddsBetween } from './odds';
import { activePlayers, hasTwoActive, isActive, nextActiveSeat, nextTurnAfter } from './rotation';
import type { DeckState, EngineState, Resume, Rotation, SeatedPlayer, TurnState } from './state';

/** What the engine is asked to do. The session adds the clock and the seeds. */
export type EngineCommand =
  | {
      type: 'start';
      nightId: string;
      at: string;
      players: { id: string; name: string }[];
      startingChips: number;
      chipValue: number;
      currency: string;
      settings: RuleSettings;
      /** Chips carried from the last night's pot (R22 `carry`). */
      carryIn: number;
    }
  | { type: 'shuffle'; seed: string }
  | { type: 'draw' }
  | { type: 'cut'; cut: number }
  | { type: 'deal' }
  | { type: 'ace-call'; call: 'low' | 'high' }
  | { type: 'bet'; amount: number | 'pot' }
  | { type: 'buy-in'; playerId: string; amount: number }
  | { type: 'cash-out'; playerId: string }
  | { type: 'undo' }
  | { type: 'correct-bet'; amount: number | 'pot' }
  | { type: 'void-turn' }
  | { type: 'end'; at: string };

export type EngineResult =
  | { ok: true; state: EngineState; events: EngineEvent[] }
  | { ok: false; error: CommandError };

class RuleViolation extends Error {
  constructor(readonly error: CommandError) {
    super(error.message);
  }
}

function refuse(code: CommandErrorCode, message: string, rule?: RuleId, params?: Record<string, string | number>): never {
  throw new RuleViolation(commandError(code, message, rule, params));
}

/**
 * Decides a command: either the events it causes and the state after them, or
 * a typed error naming the rule it breaks, with the state untouched. Pass the
 * state id the command was made for to refuse stale commands.
 */
export function applyCommand(state: EngineState, command: EngineCommand, expectedStateId?: number): EngineResult {
  if (expectedStateId !== undefined && expectedStateId !== state.stateId) {
    return {
      ok: false,
      error: commandError('stale-state', 'The table changed since this was typed: look again and retry.', undefined, {
        expected: expectedStateId,
        current: state.stateId,
      }),
    };
  }
  const draft = new Draft(state, command.type);
  try {
    decide(draft, command);
    assertConserved(draft.state);
  } catch (thrown) {
    if (thrown instanceof RuleViolation) return { ok: false, error: thrown.error };
    throw thrown;
  }
  return { ok: true, state: draft.state, events: draft.events };
}

/**
 * A working copy: every change is an event, applied at once so later
 * decisions see it. The caller's state stays as it was: the top level is
 * copied once per command, and each nested part once, on its first change
 * (the Draft is its own DraftCopies). So a reference to `state.turn` or
 * `state.deck` taken before an event may show that event's change.
 */
class Draft implements DraftCopies {
  state: EngineState;
  readonly events: EngineEvent[] = [];
  private readonly moved: { id: string; move: ChipMove }[] = [];
  turn: TurnState | null = null;
  deck: DeckState | null = null;
  stacks: Record<string, number> | null = null;
  boughtIn: Record<string, number> | null = null;
  cashedOut: Record<string, number> | null = null;
  announcements: Announcement[] | null = null;

  constructor(initial: EngineState, name: string) {
    this.state = copyOfState(initial);
    this.emit({ type: 'command', stateId: initial.stateId + 1, name });
  }

  emit(event: EngineEvent): void {
    applyEvent(this.state, event, this);
    this.events.push(event);
  }

  /** Moves chips (nothing for 0) and returns the move made. */
  move(code: ChipCode, player: string | null, amount: number, from: Account, to: Account, turn: number | null, reverses?: string): ChipMove | null {
    if (amount <= 0) return null;
    const move: ChipMove = { code, player, amount, from, to };
    if (reverses) move.reverses = reverses;
    const id = `${this.state.nightId}/${this.state.stateId}/${this.moved.length}`;
    this.emit({ type: 'chips', id, move, turn });
    this.moved.push({ id, move });
    return move;
  }

  /** Chip entries made so far by this command. */
  get entries(): { id: string; move: ChipMove }[] {
    return [...this.moved];
  }

  announce(kind: AnnouncementKind, playerId: string | null, amount: number, moves: readonly (ChipMove | null)[] = [], playerIds: string[] = []): void {
    const shown: Announcement['moves'] = [];
    for (const move of moves) if (move !== null) shown.push({ from: move.from, to: move.to, amount: move.amount });
    this.emit({ type: 'announce', announcement: { kind, playerId, amount, playerIds, moves: shown } });
  }

  phase(phase: EngineState['phase'], resume: Resume | null = null): void {
    this.emit({ type: 'phase', phase, resume });
  }
}

function decide(d: Draft, command: EngineCommand): void {
  if (command.type !== 'start' && d.state.nightId === '') refuse('no-night', 'No night is open: start one first.');
  if (command.type !== 'start' && d.state.phase === 'ended') refuse('night-closed', 'This night has ended and is read-only (R22).', 'R22');
  switch (command.type) {
    case 'start':
      return start(d, command);
    case 'shuffle':
      return shuffle(d, command.seed);
    case 'draw':
      expectPhase(d, 'draw', 'The draw for the first dealer');
      // R6; with nobody holding chips the draw would never find a highest card.
      if (activePlayers(d.state).length < 2) {
        refuse('not-enough-players', 'The draw needs at least 2 players with chips: record a buy-in first (R6).', 'R6');
      }
      return needDeck(d, 'draw', 'draw');
    case 'cut':
      return cut(d, command.cut);
    case 'deal':
      return deal(d);
    case 'ace-call':
      return aceCall(d, command.call);
    case 'bet':
      return bet(d, command.amount);
    case 'buy-in':
      return buyIn(d, command.playerId, command.amount);
    case 'cash-out':
      return cashOut(d, command.playerId);
    case 'undo':
      return undo(d);
    case 'correct-bet':
      return correctBet(d, command.amount);
    case 'void-turn':
      return voidTurn(d);
    case 'end':
      return end(d, command.at);
  }
}

const PHASE_WORDS: Record<EngineState['phase'], string> = {
  draw: 'the draw for the first dealer',
  shuffle: 'the shuffle',
  cut: 'the cut',
  ready: 'the next deal',
  'ace-call': 'the call of the ace, low or high',
  bet: 'the bet',
  ended: 'nothing: the night has ended',
};

function expectPhase(d: Draft, phase: EngineState['phase'], what: string): void {
  if (d.state.phase !== phase) {
    refuse('wrong-phase', `${what} is not now: the table is waiting for ${PHASE_WORDS[d.state.phase]}.`, undefined, {
      phase: d.state.phase,
    });
  }
}

// ---------------------------------------------------------------- the night

function start(d: Draft, command: Extract<EngineCommand, { type: 'start' }>): void {
  if (d.state.nightId !== '') refuse('night-open', 'A night is already open: end it before starting another.');
  const { players, startingChips, settings } = command;
  if (players.length < 2) refuse('not-enough-players', 'A night needs at least 2 players with chips (R6).', 'R6');
  const ids = new Set(players.map((p) => p.id));
  const names = new Set(players.map((p) => p.name.trim().toLowerCase()));
  if (ids.size !== players.length || names.size !== players.length) {
    refuse('duplicate-player', 'Each player can sit at the table once: two seats have the same player.');
  }
  if (!Number.isInteger(startingChips) || startingChips <= settings.ante) {
    refuse('not-enough-players', `Starting chips must be more than the ante of ${settings.ante}, or nobody has chips to play (R4, R6).`, 'R6', {
      ante: settings.ante,
    });
  }
  if (!Number.isInteger(command.carryIn) || command.carryIn < 0) refuse('invalid-input', 'The carried pot must be a whole number of chips.');
  d.emit({
    type: 'night-started',
    nightId: command.nightId,
    at: command.at,
    settings,
    players: players.map((p) => ({ id: p.id, name: p.name })),
    chipValue: command.chipValue,
    currency: command.currency,
  });
  for (const player of d.state.players) d.move('buy-in', player.id, startingChips, 'bank', playerAccount(player.id), null);
  const carried = d.move('carry-in', null, command.carryIn, 'bank', 'pot', null);
  d.announce('night-started', null, startingChips, [], d.state.players.map((p) => p.id));
  if (carried) d.announce('pot-carried', null, command.carryIn, [carried]);
  anteAll(d, 'ante', null);
  d.emit({ type: 'last-action', kind: 'other', turn: null, entries: [] });
  d.phase('draw');
}

/** R4, R5: every seated player with chips puts the ante in (all they have if less). */
function anteAll(d: Draft, kind: 'ante' | 're-ante', turn: number | null): void {
  const { ante } = d.state.settings;
  const moves: ChipMove[] = [];
  const who: string[] = [];
  for (const player of activePlayers(d.state)) {
    const amount = Math.min(ante, d.state.stacks[player.id] ?? 0);
    const move = d.move('ante', player.id, amount, playerAccount(player.id), 'pot', turn);
    if (move) {
      moves.push(move);
      who.push(player.id);
    }
  }
  if (who.length > 0) d.announce(kind, null, ante, moves, who);
}

// ---------------------------------------------------------------- decks

/** R9, R13: retire the deck in play (revealing its seed) and wait for a new one. */
function needDeck(d: Draft, purpose: DeckPurpose, resume: Resume): void {
  retireDeck(d);
  d.emit({ type: 'deck-needed', purpose, resume });
}

function retireDeck(d: Draft): void {
  const deck = d.state.deck;
  if (!deck) return;
  d.emit({ type: 'deck-retired', deckId: deck.id, seed: deck.seed });
}

function shuffle(d: Draft, seed: string): void {
  expectPhase(d, 'shuffle', 'A shuffle');
  const seedBytes = seedBytesOf(seed);
  if (!seedBytes) refuse('invalid-input', 'A deck seed is 32 bytes as 64 lowercase hex digits (R9).', 'R9');
  const purpose = d.state.pendingDeck ?? 'play';
  const resume = d.state.resume;
  d.emit({
    type: 'deck-shuffled',
    deckId: `${purpose}-${d.state.decksMade + 1}`,
    purpose,
    copies: purpose === 'draw' ? 1 : d.state.settings.decks,
    seed,
    commitment: sha256Hex(seedBytes),
  });
  if (purpose === 'draw') {
    // R7: the draw deck is committed but never cut.
    d.phase('draw');
    runDraw(d);
  } else {
    d.phase('cut', resume);
  }
}

function cut(d: Draft, at: number): void {
  expectPhase(d, 'cut', 'The cut');
  const deck = d.state.deck;
  if (!deck) refuse('wrong-phase', 'There is no deck to cut.');
  const last = deck.cards.length - 1;
  if (!Number.isInteger(at) || at < 0 || at > last) {
    refuse('bad-cut', `The cut is a whole number from 0 to ${last} (R11).`, 'R11', { max: last });
  }
  d.emit({ type: 'deck-cut', deckId: deck.id, cut: at });
  const resume = d.state.resume;
  d.phase('ready');
  if (resume === 'continue-turn') return continueTurn(d);
  // The player due may have left or been undone to 0 chips while the deck was cut.
  ensurePlayerToAct(d);
  if (d.state.dealNeedsDeck) {
    // That passed the deal: the new dealer shuffles a fresh deck (R9); this one is retired unused.
    const { dealerSeat, dealNumber, toActSeat } = d.state;
    d.emit({ type: 'rotation', dealerSeat, dealNumber, dealNeedsDeck: false, toActSeat });
    return needDeck(d, 'play', 'deal');
  }
  startTurn(d);
}

function cardsLeft(d: Draft): number {
  const deck = d.state.deck;
  return deck ? deck.cards.length - deck.position : 0;
}

function topCard(d: Draft): CardCode {
  const deck = d.state.deck;
  const card = deck?.cards[deck.position];
  if (!deck || card === undefined) throw new Error('no card to turn');
  return card;
}

// ---------------------------------------------------------------- the draw

/** R7: one card each, highest deals; ties draw again among themselves. Resumable after a new draw deck. */
function runDraw(d: Draft): void {
  for (;;) {
    const draw = d.state.draw;
    let round = draw?.rounds.at(-1);
    if (!draw || !round || (round.cards.length === draw.contenders.length && round.cards.length > 0)) {
      const contenders = draw && round ? tiedForHighest(round.cards) : activePlayers(d.state).map((p) => p.id);
      d.emit({ type: 'draw-round', round: (round?.round ?? 0) + 1, contenders });
      if (round) d.announce('draw-tie', null, 0, [], contenders);
      round = d.state.draw?.rounds.at(-1);
    }
    const current = d.state.draw;
    if (!current || !round) throw new Error('the draw lost its round');
    for (const playerId of current.contenders.slice(round.cards.length)) {
      if (cardsLeft(d) === 0) return needDeck(d, 'draw', 'draw');
      const deck = d.state.deck;
      if (!deck) throw new Error('draw without a deck');
      d.emit({ type: 'draw-card', round: round.round, playerId, deckId: deck.id, card: topCard(d) });
    }
    const finished = d.state.draw?.rounds.at(-1);
    if (!finished) throw new Error('the draw lost its round');
    const highest = tiedForHighest(finished.cards);
    if (highest.length === 1 && highest[0] !== undefined) return chooseDealer(d, highest[0]);
  }
}

function tiedForHighest(cards: { playerId: string; card: CardCode }[]): string[] {
  const top = Math.max(...cards.map((c) => rankOf(c.card)));
  return cards.filter((c) => rankOf(c.card) === top).map((c) => c.playerId);
}

function chooseDealer(d: Draft, dealerId: string): void {
  d.emit({ type: 'dealer-chosen', playerId: dealerId });
  retireDeck(d);
  const dealerSeat = seatOf(d, dealerId);
  d.emit({ type: 'rotation', dealerSeat, dealNumber: 1, dealNeedsDeck: true, toActSeat: nextActiveSeat(d.state, dealerSeat) });
  d.announce('dealer-chosen', dealerId, 0);
  d.phase('ready');
}

// ---------------------------------------------------------------- a turn

function deal(d: Draft): void {
  expectPhase(d, 'ready', 'Dealing');
  if (!hasTwoActive(d.state)) {
    const names = activePlayers(d.state).map((p) => p.name);
    refuse('not-enough-players', `Only ${names.join(', ') || 'nobody'} has chips: record a buy-in or end the night (R6).`, 'R6');
  }
  if (d.state.pot === 0) anteAll(d, 're-ante', null);
  ensurePlayerToAct(d);
  const deckSpent = cardsLeft(d) < 3; // R13: fewer than 3 cards before a turn
  if (d.state.dealNeedsDeck || deckSpent) {
    const { dealerSeat, dealNumber, toActSeat } = d.state;
    d.emit({ type: 'rotation', dealerSeat, dealNumber, dealNeedsDeck: false, toActSeat });
    return needDeck(d, 'play', 'deal');
  }
  startTurn(d);
}

/** The player due to act may have left or lost their chips since: move on (R6, R8). */
function ensurePlayerToAct(d: Draft): void {
  const seat = d.state.toActSeat;
  if (seat !== null && isActive(d.state, d.state.players[seat])) return;
  const { dealerSeat, dealNumber, dealNeedsDeck } = d.state;
  if (seat === null && dealerSeat !== null) {
    // The deal passed while only one player held chips: it is this dealer's deal, begun by the player on their left (R8).
    d.emit({ type: 'rotation', dealerSeat, dealNumber, dealNeedsDeck, toActSeat: nextActiveSeat(d.state, dealerSeat) });
    return;
  }
  const next = nextTurnAfter(d.state, seat ?? d.state.dealerSeat ?? 0);
  d.emit({
    type: 'rotation',
    dealerSeat: next.dealerSeat,
    dealNumber: d.state.dealNumber + (next.dealPassed ? 1 : 0),
    dealNeedsDeck: d.state.dealNeedsDeck || next.dealPassed,
    toActSeat: next.toActSeat,
  });
  if (next.dealPassed && next.dealerSeat !== null) d.announce('new-deal', d.state.players[next.dealerSeat]?.id ?? null, 0);
}

function startTurn(d: Draft): void {
  if (!hasTwoActive(d.state)) {
    refuse('not-enough-players', 'Fewer than 2 players have chips: record a buy-in or end the night (R6).', 'R6');
  }
  const { toActSeat, dealerSeat } = d.state;
  const player = toActSeat === null ? undefined : d.state.players[toActSeat];
  const dealer = dealerSeat === null ? undefined : d.state.players[dealerSeat];
  if (!player || !dealer) throw new Error('a turn with nobody to act');
  d.emit({
    type: 'turn-started',
    n: d.state.turnCount + 1,
    deal: d.state.dealNumber,
    dealerId: dealer.id,
    playerId: player.id,
    potBefore: d.state.pot,
    stackBefore: d.state.stacks[player.id] ?? 0,
  });
  turnPosts(d);
}

function continueTurn(d: Draft): void {
  const turn = currentTurn(d);
  if (turn.posts.length < 2) turnPosts(d);
  else turnThird(d);
}

function currentTurn(d: Draft): TurnState {
  const turn = d.state.turn;
  if (!turn || turn.outcome !== null) throw new Error('no turn in progress');
  return turn;
}

/** R14: turn the posts, pausing for an ace call (R1) and for a new deck when this one is empty (R13). */
function turnPosts(d: Draft): void {
  for (;;) {
    const turn = currentTurn(d);
    if (turn.posts.length === 2) return judgePosts(d);
    if (cardsLeft(d) === 0) return needDeck(d, 'play', 'continue-turn');
    const deck = d.state.deck;
    if (!deck) throw new Error('posts without a deck');
    const card = topCard(d);
    const firstPost = turn.posts.length === 0;
    d.emit({ type: 'card-turned', deckId: deck.id, card, role: 'post' });
    if (firstPost && card[0] === 'A' && d.state.settings.aceLowChoice) {
      d.phase('ace-call');
      return;
    }
  }
}

function aceCall(d: Draft, call: 'low' | 'high'): void {
  expectPhase(d, 'ace-call', 'Calling the ace');
  d.emit({ type: 'ace-called', call });
  d.phase('ready');
  turnPosts(d);
}

/** The posts as numbers, low then high: an ace called low counts 1 (R1). */
function postValues(turn: TurnState): { low: number; high: number } {
  const [first, second] = turn.posts;
  if (!first || !second) throw new Error('posts are not both up');
  const a = turn.aceCall === 'low' ? ACE_LOW : rankOf(first);
  const b = rankOf(second);
  return { low: Math.min(a, b), high: Math.max(a, b) };
}

function judgePosts(d: Draft): void {
  const turn = currentTurn(d);
  const { low, high } = postValues(turn);
  const player = turn.playerId;
  const { pair, consecutive } = d.state.settings;
  if (low === high) {
    // R15
    if (pair === 'redeal') return redeal(d);
    const amount = Math.min(pair === 'pays-3' ? 3 : 2, d.state.pot);
    const move = d.move('pair-win', player, amount, 'pot', playerAccount(player), turn.n);
    return resolveTurn(d, 'pair', amount, move);
  }
  if (high - low === 1) {
    // R16
    if (consecutive === 'redeal') return redeal(d);
    if (consecutive === 'push') return resolveTurn(d, 'push', 0, null);
    const amount = Math.min(1, d.state.stacks[player] ?? 0);
    const move = d.move('consecutive-loss', player, amount, playerAccount(player), 'pot', turn.n);
    return resolveTurn(d, 'consecutive', amount, move);
  }
  // R25: the odds counted from the cards still in the deck.
  const deck = d.state.deck;
  const odds = deck ? deckOddsBetween(low, high, deck) : oddsBetween(low, high, []);
  d.emit({ type: 'odds-shown', winners: odds.winners, remaining: odds.remaining });
  d.phase('bet');
}

/** R15/R16 `redeal`: both posts go to the discards and two new ones are turned. */
function redeal(d: Draft): void {
  d.emit({ type: 'posts-redealt' });
  d.announce('redeal', currentTurn(d).playerId, 0);
  turnPosts(d);
}

/** R17's limits for the player to act: at least 1, at most the pot and their stack. */
export function betLimits(state: EngineState): { min: number; max: number } | null {
  if (state.phase !== 'bet' || !state.turn) return null;
  return { min: 1, max: Math.min(state.pot, state.stacks[state.turn.playerId] ?? 0) };
}

function checkedBet(d: Draft, amount: number | 'pot', pot: number, stack: number, playerId: string): number {
  const max = Math.min(pot, stack);
  if (amount === 'pot') return max;
  if (!Number.isFinite(amount) || !Number.isInteger(amount)) {
    refuse('invalid-input', `A bet is a whole number of chips: bet 1 to ${max} (R3).`, 'R3', { min: 1, max });
  }
  if (amount < 1) refuse('bet-too-small', `The smallest bet is 1 chip: bet 1 to ${max} (R17).`, 'R17', { min: 1, max, pot });
  if (amount > pot) refuse('bet-above-pot', `The pot holds ${pot}: bet 1 to ${max} (R17).`, 'R17', { min: 1, max, pot });
  if (amount > stack) {
    const playerName = nameOf(d, playerId);
    refuse('bet-above-stack', `${playerName} has ${stack}: bet 1 to ${max} (R3).`, 'R3', { min: 1, max, stack, player: playerName });
  }
  return amount;
}

function bet(d: Draft, amount: number | 'pot'): void {
  expectPhase(d, 'bet', 'A bet');
  const turn = currentTurn(d);
  const chips = checkedBet(d, amount, d.state.pot, d.state.stacks[turn.playerId] ?? 0, turn.playerId);
  d.emit({ type: 'bet-placed', amount: chips });
  d.phase('ready');
  turnThird(d);
}

function turnThird(d: Draft): void {
  if (cardsLeft(d) === 0) return needDeck(d, 'play', 'continue-turn');
  const deck = d.state.deck;
  if (!deck) throw new Error('third card without a deck');
  d.emit({ type: 'card-turned', deckId: deck.id, card: topCard(d), role: 'third' });
  settleBet(d);
}

/** R18: the outcome of the third card, and the chips it moves. */
function outcomeOf(turn: TurnState): 'win' | 'lose' | 'post' {
  const third = turn.third;
  if (!third) throw new Error('no third card');
  for (const post of turn.posts) if (post[0] === third[0]) return 'post';
  const { low, high } = postValues(turn);
  const rank = rankOf(third);
  return rank > low && rank < high ? 'win' : 'lose';
}

function settleBet(d: Draft): void {
  const turn = currentTurn(d);
  const chips = turn.bet ?? 0;
  const player = turn.playerId;
  const outcome = outcomeOf(turn);
  if (outcome === 'win') {
    return resolveTurn(d, 'win', chips, d.move('win', player, chips, 'pot', playerAccount(player), turn.n));
  }
  if (outcome === 'post') {
    const owed = Math.min(chips * d.state.settings.postPays, d.state.stacks[player] ?? 0);
    return resolveTurn(d, 'post', owed, d.move('post-loss', player, owed, playerAccount(player), 'pot', turn.n));
  }
  return resolveTurn(d, 'lose', chips, d.move('bet-lost', player, chips, playerAccount(player), 'pot', turn.n));
}

function resolveTurn(d: Draft, outcome: TurnOutcome, amount: number, move: ChipMove | null): void {
  const turn = currentTurn(d);
  d.announce(outcome, turn.playerId, amount, [move]);
  d.emit({ type: 'turn-resolved', outcome, potAfter: d.state.pot, stackAfter: d.state.stacks[turn.playerId] ?? 0 });
  afterTurn(d, turn.n);
  d.emit({ type: 'last-action', kind: 'turn', turn: turn.n, entries: d.entries });
  const next = nextTurnAfter(d.state, seatOf(d, turn.playerId));
  d.emit({
    type: 'rotation',
    dealerSeat: next.dealerSeat,
    dealNumber: d.state.dealNumber + (next.dealPassed ? 1 : 0),
    dealNeedsDeck: d.state.dealNeedsDeck || next.dealPassed,
    toActSeat: next.toActSeat,
  });
  if (next.dealPassed && next.dealerSeat !== null) d.announce('new-deal', d.state.players[next.dealerSeat]?.id ?? null, 0);
  d.phase('ready');
}

/** R5: an empty pot is refilled at once, before the next turn. */
function afterTurn(d: Draft, turn: number): void {
  if (d.state.pot === 0) anteAll(d, 're-ante', turn);
}

// ---------------------------------------------------------------- chips in and out

function buyIn(d: Draft, playerId: string, amount: number): void {
  const player = playerOrRefuse(d, playerId);
  if (!Number.isInteger(amount) || amount < 1) refuse('invalid-input', 'A buy-in is a whole number of chips, at least 1 (R3).', 'R3');
  if (player.left) d.emit({ type: 'player-returned', playerId });
  const move = d.move('buy-in', playerId, amount, 'bank', playerAccount(playerId), null);
  d.announce('buy-in', playerId, amount, [move]);
  d.emit({ type: 'last-action', kind: 'buy-in', turn: null, playerId, entries: d.entries });
}

function cashOut(d: Draft, playerId: string): void {
  const player = playerOrRefuse(d, playerId);
  if (player.left) refuse('invalid-input', `${player.name} has already cashed out.`);
  const busy = d.state.turn && d.state.turn.outcome === null && d.state.turn.playerId === playerId && !d.state.turn.void;
  if (busy) refuse('player-busy', `${player.name} is in the middle of a turn: finish it first.`);
  const stack = d.state.stacks[playerId] ?? 0;
  const before = rotationOf(d.state);
  const move = d.move('cash-out', playerId, stack, playerAccount(playerId), 'bank', null);
  d.emit({ type: 'player-left', playerId });
  d.announce('cash-out', playerId, stack, [move]);
  if (d.state.toActSeat === player.seat && d.state.phase === 'ready') ensurePlayerToAct(d);
  const after = rotationOf(d.state);
  d.emit({
    type: 'last-action',
    kind: 'cash-out',
    turn: null,
    playerId,
    entries: d.entries,
    ...(sameRotation(before, after) ? {} : { rotationChange: { before, after } }),
  });
}

function rotationOf(state: EngineState): Rotation {
  const { dealerSeat, dealNumber, dealNeedsDeck, toActSeat } = state;
  return { dealerSeat, dealNumber, dealNeedsDeck, toActSeat };
}

function sameRotation(a: Rotation, b: Rotation): boolean {
  return a.dealerSeat === b.dealerSeat && a.dealNumber === b.dealNumber && a.dealNeedsDeck === b.dealNeedsDeck && a.toActSeat === b.toActSeat;
}

// ---------------------------------------------------------------- R21: undo, correct, void

function reverseLastAction(d: Draft): { id: string; move: ChipMove }[] {
  const last = d.state.lastAction;
  if (!last) return [];
  const reversed = [...last.entries].reverse();
  for (const { id, move } of reversed) {
    d.move('reversal', move.player, move.amount, move.to, move.from, last.turn, id);
  }
  return reversed;
}

function undoable(d: Draft): NonNullable<EngineState['lastAction']> {
  const last = d.state.lastAction;
  if (!last || last.settled || last.kind === 'other') refuse('nothing-to-undo', 'There is nothing to undo (R21).', 'R21');
  return last;
}

function undo(d: Draft): void {
  const last = undoable(d);
  if (last.kind === 'turn') {
    refuse('cannot-undo-cards', 'Cards the table has seen stay: correct the bet or void the turn instead (R21).', 'R21');
  }
  const entry = last.entries[0];
  const playerId = last.playerId ?? entry?.move.player ?? null;
  // A player in the middle of a turn must keep chips to bet with (R17): their buy-in stays until the turn ends.
  const turn = d.state.turn;
  const midTurn = turn !== null && turn.outcome === null && turn.playerId === playerId;
  if (last.kind === 'buy-in' && midTurn && (d.state.stacks[turn.playerId] ?? 0) <= (entry?.move.amount ?? 0)) {
    refuse('player-busy', `${nameOf(d, turn.playerId)} is in the middle of a turn and would have no chips: finish the turn first (R21).`, 'R21');
  }
  reverseLastAction(d);
  if (last.kind === 'cash-out' && playerId) d.emit({ type: 'player-returned', playerId });
  // A mistaken cash-out of the player due to act moved the turn on: give it back, unless the turn has moved since.
  const change = last.kind === 'cash-out' ? last.rotationChange : undefined;
  if (change && sameRotation(change.after, rotationOf(d.state))) d.emit({ type: 'rotation', ...change.before });
  d.emit({ type: 'action-settled' });
  d.announce('undo', playerId, entry?.move.amount ?? 0, d.entries.map((e) => e.move));
}

function lastTurnFor(d: Draft, what: 'correct' | 'void'): TurnState {
  const last = undoable(d);
  const turn = d.state.turn;
  const done = what === 'void' ? 'voided' : 'corrected';
  if (last.kind !== 'turn' || !turn) refuse('nothing-to-undo', `The last action was not a turn: there is no turn to ${what} (R21).`, 'R21');
  if (turn.n !== last.turn) refuse('nothing-to-undo', `New cards are already out: only the last finished turn can be ${done} (R21).`, 'R21');
  if (d.state.phase !== 'ready') {
    refuse('wrong-phase', `The next deck is already being shuffled and cut: a turn can be ${done} only before that (R21).`, 'R21');
  }
  return turn;
}

function correctBet(d: Draft, amount: number | 'pot'): void {
  const turn = lastTurnFor(d, 'correct');
  if (turn.bet === null || turn.outcome === null || !['win', 'lose', 'post'].includes(turn.outcome)) {
    refuse('nothing-to-undo', 'The last turn had no bet to correct (R21).', 'R21');
  }
  const player = turn.playerId;
  // After the reversal the pot and stack are what they were when the bet was made (a buy-in may have come mid-turn).
  reverseLastAction(d);
  const chips = checkedBet(d, amount, d.state.pot, d.state.stacks[player] ?? 0, player);
  const outcome = outcomeOf(turn);
  let moved = chips;
  if (outcome === 'win') d.move('win', player, chips, 'pot', playerAccount(player), turn.n);
  else if (outcome === 'lose') d.move('bet-lost', player, chips, playerAccount(player), 'pot', turn.n);
  else {
    moved = Math.min(chips * d.state.settings.postPays, d.state.stacks[player] ?? 0);
    d.move('post-loss', player, moved, playerAccount(player), 'pot', turn.n);
  }
  d.emit({ type: 'bet-corrected', n: turn.n, amount: chips, potAfter: d.state.pot, stackAfter: d.state.stacks[player] ?? 0 });
  afterTurn(d, turn.n);
  const corrections = d.entries.filter((e) => e.move.code !== 'reversal');
  d.emit({ type: 'last-action', kind: 'turn', turn: turn.n, entries: corrections });
  d.announce('corrected', player, moved, d.entries.map((e) => e.move));
}

function voidTurn(d: Draft): void {
  const turn = lastTurnFor(d, 'void');
  reverseLastAction(d);
  d.emit({ type: 'turn-voided', n: turn.n });
  d.emit({ type: 'rotation', ...turn.rotationBefore });
  d.emit({ type: 'action-settled' });
  d.announce('voided', turn.playerId, 0, d.entries.map((e) => e.move));
}

// ---------------------------------------------------------------- R22: the end

function end(d: Draft, at: string): void {
  if (d.state.phase === 'bet' || d.state.phase === 'ace-call' || d.state.resume === 'continue-turn') {
    refuse('wrong-phase', 'A turn is in progress: finish it before ending the night.');
  }
  retireDeck(d);
  const pot = d.state.pot;
  if (pot > 0) {
    const holders = playersInTurnOrder(d).filter((p) => isActive(d.state, p));
    if (d.state.settings.potAtEnd === 'carry' || holders.length === 0) {
      const move = d.move('carry-out', null, pot, 'pot', 'bank', null);
      d.announce('pot-carried', null, pot, [move]);
    } else {
      const share = Math.floor(pot / holders.length);
      const remainder = pot % holders.length;
      const moves = holders.map((p, i) =>
        d.move('pot-split', p.id, share + (i < remainder ? 1 : 0), 'pot', playerAccount(p.id), null),
      );
      d.announce('pot-split', null, pot, moves, holders.map((p) => p.id));
    }
  }
  d.emit({ type: 'last-action', kind: 'other', turn: null, entries: [] });
  d.emit({ type: 'night-ended', at });
  d.announce('night-ended', null, 0);
  d.phase('ended');
}

/** R22: turn order starting left of the dealer (seat 0 when no dealer was drawn). */
function playersInTurnOrder(d: Draft): SeatedPlayer[] {
  const players = d.state.players;
  const first = d.state.dealerSeat === null ? 0 : (d.state.dealerSeat + 1) % players.length;
  return [...players.slice(first), ...players.slice(0, first)];
}

// ---------------------------------------------------------------- helpers

function playerOrRefuse(d: Draft, playerId: string): SeatedPlayer {
  let player: SeatedPlayer | undefined;
  for (const p of d.state.players) {
    if (p.id === playerId) {
      player = p;
      break;
    }
  }
  if (!player) refuse('unknown-player', `There is no player "${playerId}" at this table.`, undefined, { player: playerId });
  return player;
}

function seatOf(d: Draft, playerId: string): number {
  return playerOrRefuse(d, playerId).seat;
}

function nameOf(d: Draft, playerId: string): string {
  return d.state.players.find((p) => p.id === playerId)?.name ?? playerId;
}

/** R24: bought in (and carried in) = stacks + pot + cashed out (and carried out); no count below zero. */
export function conservationProblem(state: EngineState): string | null {
  // Plain loops over locals (so V8 reads each key straight from the for-in cache): this runs after every command.
  const { stacks, boughtIn, cashedOut, pot } = state;
  let onTable = 0;
  for (const id in stacks) {
    const chips = stacks[id] ?? 0;
    if (chips < 0) return `R24: ${id} would have ${chips} chips.`;
    onTable += chips;
  }
  if (pot < 0) return `R24: the pot would hold ${pot} chips.`;
  let cameIn = state.carriedIn;
  for (const id in boughtIn) cameIn += boughtIn[id] ?? 0;
  let accounted = onTable + pot + state.carriedOut;
  for (const id in cashedOut) accounted += cashedOut[id] ?? 0;
  return cameIn === accounted ? null : `R24: ${cameIn} chips came in but ${accounted} are accounted for.`;
}

function assertConserved(state: EngineState): void {
  const problem = conservationProblem(state);
  if (problem) refuse('conservation', `${problem} Nothing was recorded.`, 'R24');
}
