import { createHash } from 'node:crypto';
import { DEFAULT_RULES, type RuleSettings } from '../../../shared/settings';
import type { CardCode } from '../../../shared/cards';
import { applyCommand, type EngineCommand, type EngineResult } from '../decide';
import { shuffledDeck } from '../deck';
import type { EngineEvent } from '../events';
import { emptyState } from '../evolve';
import type { EngineState } from '../state';

/**
 * Test fixtures for the engine: deterministic seeds, a small driver that plays
 * commands the way the session does (shuffling whenever the engine asks), and
 * seed searches that make a provable deck (R9-R11) deal the cards a test
 * needs, so no test has to rig the deck by hand.
 */

/** docs/rules.md's test vector seed: the 32 bytes 00 01 02 ... 1f. */
export const TEST_VECTOR_SEED = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');

/** A deterministic 32-byte seed (hex) for a label: sha256 of the label. */
export function seedFor(label: string | number): string {
  return createHash('sha256')
    .update(`seed:${String(label)}`)
    .digest('hex');
}

/** Players p0, p1, ... named Ann, Bob, ... in seat order. */
const NAMES = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kim', 'Lea'];
export function seatedPlayers(count: number): { id: string; name: string }[] {
  return Array.from({ length: count }, (_, i) => ({ id: `p${i}`, name: NAMES[i] ?? `Player ${i}` }));
}

export interface TableOptions {
  players?: number;
  startingChips?: number;
  settings?: Partial<RuleSettings>;
  carryIn?: number;
}

/**
 * One card in a wanted order: a rank letter (`7`, `T`, `A`), a full card code
 * (`AS`), or `*` for any card.
 */
export type CardPattern = string;

function matches(card: CardCode, pattern: CardPattern): boolean {
  if (pattern === '*') return true;
  return pattern.length === 1 ? card[0] === pattern : card === pattern;
}

/**
 * A seed and a cut whose deck (R10, R11) starts with the wanted cards.
 * Searches counter-derived seeds, trying every cut of each, so a pattern of
 * four ranks takes a few hundred shuffles.
 */
function findDeck(pattern: readonly CardPattern[], copies = 1, label = 'deck'): { seed: string; cut: number } {
  for (let i = 0; i < 2_000_000; i++) {
    const seed = seedFor(`${label}:${pattern.join(',')}:${i}`);
    const cards = shuffledDeck(seed, copies);
    for (let cut = 0; cut < cards.length; cut++) {
      if (pattern.every((p, k) => matches(cards[(cut + k) % cards.length] as CardCode, p))) return { seed, cut };
    }
  }
  throw new Error(`no deck starts with ${pattern.join(' ')}`);
}

/** A draw-deck seed (never cut, R7) whose first cards satisfy `wanted`. */
export function findDrawSeed(wanted: (cards: CardCode[]) => boolean, label = 'draw'): string {
  for (let i = 0; i < 2_000_000; i++) {
    const seed = seedFor(`${label}:${i}`);
    if (wanted(shuffledDeck(seed, 1))) return seed;
  }
  throw new Error('no draw seed found');
}

const RANK_ORDER = '23456789TJQKA';
const rank = (card: CardCode | undefined): number => (card === undefined ? -1 : RANK_ORDER.indexOf(card[0] as string));

/** A draw seed where `seat` draws the single highest card among `players` (R7). */
function drawSeedFor(seat: number, players: number): string {
  return findDrawSeed((cards) => {
    const mine = rank(cards[seat]);
    return cards.slice(0, players).every((c, i) => i === seat || rank(c) < mine);
  }, `draw-${seat}-of-${players}`);
}

/** Thrown when a command a test expects to be accepted is refused. */
class Refused extends Error {}

/**
 * Plays a night the way the session does: every accepted command is followed
 * by shuffles while the engine asks for a deck. Seeds come from a queue the
 * test fills, then from a counter. Keeps every event, so `replay(table.events)`
 * can be compared with `table.state`.
 */
export class TestTable {
  state: EngineState = emptyState();
  readonly events: EngineEvent[] = [];
  private readonly seedQueue: string[] = [];
  private seedCounter = 0;
  private pendingCut: number | null = null;
  readonly seedLabel: string;

  constructor(seedLabel = 'table') {
    this.seedLabel = seedLabel;
  }

  static start(options: TableOptions = {}, seedLabel?: string): TestTable {
    const table = new TestTable(seedLabel);
    table.must(startCommand(options));
    return table;
  }

  /** The seeds the next shuffles use, in order. */
  queueSeeds(...seeds: string[]): this {
    this.seedQueue.push(...seeds);
    return this;
  }

  private nextSeed(): string {
    return this.seedQueue.shift() ?? seedFor(`${this.seedLabel}:${this.seedCounter++}`);
  }

  /** Applies a command for the current state id; on success keeps the new state and shuffles as asked. */
  apply(command: EngineCommand): EngineResult {
    const result = applyCommand(this.state, command, this.state.stateId);
    if (!result.ok) return result;
    this.state = result.state;
    this.events.push(...result.events);
    const events = [...result.events];
    while (this.state.phase.kind === 'shuffle') {
      const shuffled = applyCommand(this.state, { type: 'shuffle', seed: this.nextSeed() }, this.state.stateId);
      if (!shuffled.ok) throw new Refused(`shuffle refused: ${shuffled.error.message}`);
      this.state = shuffled.state;
      this.events.push(...shuffled.events);
      events.push(...shuffled.events);
    }
    return { ok: true, state: this.state, events };
  }

  /** Applies a command that must be accepted; returns its events (shuffles included). */
  must(command: EngineCommand): EngineEvent[] {
    const result = this.apply(command);
    if (!result.ok) throw new Refused(`${command.type} refused: ${result.error.code}: ${result.error.message}`);
    return result.events;
  }

  /** The draw (R7) with a draw deck where `seat` is the single highest card. */
  drawDealer(seat: number): this {
    this.queueSeeds(drawSeedFor(seat, this.state.players.length));
    this.must({ type: 'draw' });
    if (this.state.dealerSeat !== seat) throw new Error(`seat ${seat} should have been drawn as dealer`);
    return this;
  }

  /**
   * Deals with a new deck that turns the given cards first (the seed and the
   * cut are searched). Only for a deal that starts a new deck (R9, R13).
   */
  dealWith(pattern: readonly CardPattern[]): EngineEvent[] {
    const { seed, cut } = findDeck(pattern, this.state.settings.decks);
    this.queueSeeds(seed);
    this.pendingCut = cut;
    const events = this.must({ type: 'deal' });
    if (this.state.phase.kind !== 'cut')
      throw new Error(`dealWith needs a deal that starts a new deck; the phase is ${this.state.phase.kind}`);
    return [...events, ...this.cutAsPlanned()];
  }

  /** Cuts where the last `dealWith`/`nextDeck` planned. */
  cutAsPlanned(): EngineEvent[] {
    const cut = this.pendingCut;
    if (cut === null) throw new Error('no cut planned');
    this.pendingCut = null;
    return this.must({ type: 'cut', cut });
  }

  /** Plans the next deck (used when a deck is needed mid-turn or by a later command). */
  nextDeck(pattern: readonly CardPattern[]): this {
    const { seed, cut } = findDeck(pattern, this.state.settings.decks);
    this.queueSeeds(seed);
    this.pendingCut = cut;
    return this;
  }

  stack(playerId: string): number {
    return this.state.stacks[playerId] ?? 0;
  }

  /** The cards still to come in the deck in play. */
  remainingCards(): CardCode[] {
    const deck = this.state.deck;
    return deck ? deck.cards.slice(deck.position) : [];
  }
}

export function startCommand(options: TableOptions = {}): EngineCommand {
  return {
    type: 'start',
    nightId: 'test-night',
    at: '2026-01-01T20:00:00.000Z',
    players: seatedPlayers(options.players ?? 2),
    startingChips: options.startingChips ?? 20,
    chipValue: 25,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, ...options.settings },
    carryIn: options.carryIn ?? 0,
  };
}

/**
 * A table whose dealer is `dealer` and whose first deck turns `cards` first;
 * returned after the cut, i.e. with the first turn's posts up.
 */
export function tableWith(options: TableOptions & { dealer?: number; cards: readonly CardPattern[] }, seedLabel?: string): TestTable {
  const table = TestTable.start(options, seedLabel);
  table.drawDealer(options.dealer ?? 0);
  table.dealWith(options.cards);
  return table;
}

/** Sums a record's values. */
export function total(values: Record<string, number>): number {
  return Object.values(values).reduce((a, b) => a + b, 0);
}
