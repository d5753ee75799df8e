import type { CardCode } from '../../../shared/cards';
import type { Account, ChipCode, ChipMove } from '../../../shared/chips';
import { commandError, type CommandError, type CommandErrorCode, type RuleId } from '../../../shared/errors';
import type { Announcement, AnnouncementKind } from '../../../shared/view';
import type { EngineEvent } from '../events';
import { applyEvent, copyOfState, type DraftCopies } from '../evolve';
import type { DeckState, EngineState, Phase, PhaseKind, SeatedPlayer, TurnState } from '../state';

/**
 * The working copy a command is decided on, and the small helpers every
 * part of the decision shares (refusing, finding players, reading the deck).
 */

/**
 * R35: the cards a journal line shows (its `shown`), handed out one per card its command turns, in order: what a
 * deck whose seed is sealed on another laptop deals on replay. A line's cards span every command its step runs
 * (the command, then the shuffles it asks for), so one supply is shared by them.
 */
export class ShownCards {
  private taken = 0;
  constructor(private readonly cards: readonly CardCode[]) {}

  /** The next card the line shows, or undefined when it shows no more. */
  take(): CardCode | undefined {
    return this.cards[this.taken++];
  }
}

export class RuleViolation extends Error {
  constructor(readonly error: CommandError) {
    super(error.message);
  }
}

export function refuse(code: CommandErrorCode, message: string, rule?: RuleId, params?: Record<string, string | number>): never {
  throw new RuleViolation(commandError(code, message, rule, params));
}

/**
 * A working copy: every change is an event, applied at once so later
 * decisions see it. The caller's state stays as it was: the top level is
 * copied once per command, and each nested part once, on its first change
 * (the Draft is its own DraftCopies). So a reference to `state.turn` or
 * `state.deck` taken before an event may show that event's change.
 */
export class Draft implements DraftCopies {
  state: EngineState;
  readonly events: EngineEvent[] = [];
  private readonly moved: { id: string; move: ChipMove }[] = [];
  turn: TurnState | null = null;
  deck: DeckState | null = null;
  stacks: Record<string, number> | null = null;
  boughtIn: Record<string, number> | null = null;
  cashedOut: Record<string, number> | null = null;
  announcements: Announcement[] | null = null;

  constructor(
    initial: EngineState,
    name: string,
    /** R35: the cards the line being replayed shows, for a deck whose seed is sealed on another laptop. */
    readonly shown?: ShownCards,
  ) {
    this.state = copyOfState(initial);
    this.emit({ type: 'command', stateId: initial.stateId + 1, name });
  }

  emit(event: EngineEvent): void {
    applyEvent(this.state, event, this);
    this.events.push(event);
  }

  /** Moves chips (nothing for 0) and returns the move made. */
  move(
    code: ChipCode,
    player: string | null,
    amount: number,
    from: Account,
    to: Account,
    turn: number | null,
    reverses?: string,
  ): ChipMove | null {
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

  announce(
    kind: AnnouncementKind,
    playerId: string | null,
    amount: number,
    moves: readonly (ChipMove | null)[] = [],
    playerIds: string[] = [],
  ): void {
    const shown: Announcement['moves'] = [];
    for (const move of moves) if (move !== null) shown.push({ from: move.from, to: move.to, amount: move.amount });
    this.emit({ type: 'announce', announcement: { kind, playerId, amount, playerIds, moves: shown } });
  }

  /** Moves to a phase that needs nothing more (a cut says what it resumes; a shuffle is asked for with needDeck). */
  phase(phase: Exclude<PhaseKind, 'shuffle' | 'cut' | 'reveal'>): void {
    this.emit({ type: 'phase', phase, resume: null });
  }
}

const PHASE_WORDS: Record<PhaseKind, string> = {
  draw: 'the draw for the first dealer',
  shuffle: 'the shuffle',
  cut: 'the cut',
  reveal: 'the table to draw a card',
  ready: 'the next deal',
  'ace-call': 'the call of the ace, low or high',
  'pair-call': 'the call of the pair, higher or lower',
  bet: 'the bet',
  ended: 'nothing: the night has ended',
};

/** Refuses unless the table waits for `kind`; returns that phase, narrowed. */
export function expectPhase<K extends PhaseKind>(d: Draft, kind: K, what: string): Extract<Phase, { kind: K }> {
  const phase = d.state.phase;
  if (phase.kind !== kind) {
    refuse('wrong-phase', `${what} is not now: the table is waiting for ${PHASE_WORDS[phase.kind]}.`, undefined, { phase: phase.kind });
  }
  return phase as Extract<Phase, { kind: K }>;
}

export function playerOrRefuse(d: Draft, playerId: string): SeatedPlayer {
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

export function seatOf(d: Draft, playerId: string): number {
  return playerOrRefuse(d, playerId).seat;
}

export function nameOf(d: Draft, playerId: string): string {
  return d.state.players.find((p) => p.id === playerId)?.name ?? playerId;
}

/** The turn in progress (its outcome not yet known). */
export function currentTurn(d: Draft): TurnState {
  const turn = d.state.turn;
  if (!turn || turn.outcome !== null) throw new Error('no turn in progress');
  return turn;
}

/** The cards still to be turned from the deck in play (R13); a shoe drawn from by the table (R34) counts those it still holds. */
export function cardsLeft(d: Draft): number {
  const deck = d.state.deck;
  return deck ? deck.cards.length - deck.position + (deck.shoe?.length ?? 0) : 0;
}

/** A card is there to turn: the next of a shuffled deck, or one the table has just drawn (R34). */
export function cardReady(d: Draft): boolean {
  const deck = d.state.deck;
  return deck !== null && deck.position < deck.cards.length;
}

export function topCard(d: Draft): CardCode {
  const deck = d.state.deck;
  // Every card turned takes its place among the line's shown cards, whichever deck it comes from.
  const shown = d.shown?.take();
  if (deck && deck.known !== undefined && deck.position >= deck.known) return sealedDeckCard(deck, shown);
  const card = deck?.cards[deck.position];
  if (!deck || card === undefined) throw new Error('no card to turn');
  return card;
}

/** R35: the next card of a deck whose seed is sealed on another laptop: the one the line shows, which the deck must still hold. */
function sealedDeckCard(deck: DeckState, shown: CardCode | undefined): CardCode {
  if (shown === undefined)
    refuse(
      'invalid-input',
      `The seed of deck ${deck.id} is sealed on the laptop that shuffled it, and no line shows its next card (R35).`,
      'R35',
    );
  if (deck.cards.indexOf(shown, deck.position) < 0)
    refuse('invalid-input', `A line shows ${shown} from deck ${deck.id}, which no longer holds it (R35).`, 'R35');
  return shown;
}
