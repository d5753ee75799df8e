import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainFrom, LAPTOP_WITNESS, sha256Hex } from '../../shared/tableDraw';
import { DEFAULT_RULES } from '../../shared/settings';
import { applyCommand, type EngineCommand } from './decide';
import type { EngineEvent, EventOf } from './events';
import { emptyState, evolve, replay } from './evolve';
import type { EngineState } from './state';
import { seatedPlayers } from './testing/kit';

/**
 * Cards drawn by the table (docs/rules.md R34) in the engine: a table driven
 * as the session drives it, committing the witnesses' heads whenever a deck
 * would be shuffled and revealing the next chain values whenever a card is
 * due.
 */

const PHONE = '00000000000000a1';
const bytes = (from: number) => Uint8Array.from({ length: 32 }, (_, i) => from + i);

class WitnessedTable {
  state: EngineState = emptyState();
  readonly events: EngineEvent[] = [];
  /** Each witness's chain and how many of its values it has revealed. */
  private readonly chains = new Map<string, { links: string[]; revealed: number }>();

  constructor(witnesses: Record<string, string[]>) {
    for (const [id, links] of Object.entries(witnesses)) this.chains.set(id, { links, revealed: 0 });
  }

  must(command: EngineCommand): EngineEvent[] {
    const all: EngineEvent[] = [];
    let next: EngineCommand | null = command;
    while (next) {
      const result = applyCommand(this.state, next, this.state.stateId);
      if (!result.ok) throw new Error(`${next.type} refused: ${result.error.message}`);
      this.state = result.state;
      this.events.push(...result.events);
      all.push(...result.events);
      next = this.dealerStep();
    }
    return all;
  }

  /** What the session sends while the engine waits for the table: the commitment, or the next reveals. */
  dealerStep(): EngineCommand | null {
    const chains = [...this.chains.entries()];
    if (this.state.phase.kind === 'shuffle')
      return { type: 'commit', heads: chains.map(([id, c]) => ({ id, head: c.links[c.revealed] as string })) };
    if (this.state.phase.kind !== 'reveal') return null;
    for (const [, chain] of chains) chain.revealed++;
    return { type: 'reveal', reveals: chains.map(([id, c]) => ({ id, value: c.links[c.revealed] as string })), missing: [] };
  }

  /** The reveal the table waits for, as the session would send it, without sending it. */
  pendingReveal(): { id: string; value: string }[] {
    return [...this.chains.entries()].map(([id, c]) => ({ id, value: c.links[c.revealed + 1] as string }));
  }
}

function start(table: WitnessedTable, nightId: string, players = 2, chips = 20, rules: Partial<typeof DEFAULT_RULES> = {}): void {
  table.must({
    type: 'start',
    nightId,
    at: '2026-11-26T20:00:00.000Z',
    players: seatedPlayers(players),
    startingChips: chips,
    chipValue: 0,
    currency: 'EUR',
    settings: { ...DEFAULT_RULES, ...rules, cards: 'table' },
    carryIn: 0,
  });
}

const ofType = <T extends EngineEvent['type']>(events: readonly EngineEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

describe('R34: cards drawn by the table, in the engine', () => {
  it('R34, R7: the draw for dealer is committed and drawn card by card: the test vector gives 8D and 7D', () => {
    const table = new WitnessedTable({ [LAPTOP_WITNESS]: chainFrom(bytes(0), 4), [PHONE]: chainFrom(bytes(0x20), 4) });
    start(table, '2026-11-26-abc123');
    const events = table.must({ type: 'draw' });
    const [shoe] = ofType(events, 'shoe-started');
    expect(shoe?.fingerprint).toMatch(/^42cf83f241c218e0/);
    expect(ofType(events, 'card-drawn').map(({ k, card, j }) => ({ k, card, j }))).toEqual([
      { k: 1, card: '8D', j: 19 },
      { k: 2, card: '7D', j: 18 },
    ]);
    expect(ofType(events, 'draw-card').map((e) => [e.playerId, e.card])).toEqual([
      ['p0', '8D'],
      ['p1', '7D'],
    ]);
    expect(table.state.players[table.state.dealerSeat ?? -1]?.id).toBe('p0');
    // R11 does not apply: no cut is asked for, ever.
    expect(table.state.phase.kind).toBe('ready');
  });

  it('R34: a card is drawn only when the rules turn it up: two posts at the deal, the third only after the bet', () => {
    const table = new WitnessedTable({ [LAPTOP_WITNESS]: chainFrom(bytes(7), 5000) });
    start(table, 'night-posts', 2, 100);
    table.must({ type: 'draw' });
    for (let turns = 0; turns < 40; turns++) {
      const dealt = table.must({ type: 'deal' });
      const drawn = ofType(dealt, 'card-drawn').length;
      const turned = ofType(dealt, 'card-turned').length;
      expect(drawn).toBe(turned);
      if (table.state.phase.kind !== 'bet') continue;
      expect(ofType(dealt, 'card-turned').every((e) => e.role === 'post')).toBe(true);
      // R25: the odds count the shoe's remaining cards, every card drawn so far gone from it.
      expect(table.state.turn?.odds?.remaining).toBe(table.state.deck?.shoe?.length);
      const bet = table.must({ type: 'bet', amount: 1 });
      expect(ofType(bet, 'card-drawn')).toHaveLength(1);
      expect(ofType(bet, 'card-turned').map((e) => e.role)).toEqual(['third']);
    }
    expect(replay(table.events)).toEqual(table.state);
  });

  it('R34: every deal starts a fresh shoe under a new commitment, and the draws are numbered on across deals', () => {
    const table = new WitnessedTable({ [LAPTOP_WITNESS]: chainFrom(bytes(9), 5000) });
    start(table, 'night-shoes', 3, 500);
    table.must({ type: 'draw' });
    for (let turns = 0; turns < 60; turns++) {
      const dealNeedsDeck = table.state.dealNeedsDeck;
      const dealt = table.must({ type: 'deal' });
      const shoes = ofType(dealt, 'shoe-started');
      expect(shoes.map((s) => [s.renewed, s.copies, s.heads.length])).toEqual(dealNeedsDeck ? [[false, 1, 1]] : []);
      if (table.state.phase.kind === 'bet') table.must({ type: 'bet', amount: 1 });
    }
    const ks = ofType(table.events, 'card-drawn').map((e) => e.k);
    expect(ks).toEqual(ks.map((_, i) => i + 1));
    expect(replay(table.events)).toEqual(table.state);
  });

  it('R34 with R1: after a first ace the second post is drawn only once the ace is called', () => {
    const table = new WitnessedTable({ [LAPTOP_WITNESS]: chainFrom(bytes(11), 5000) });
    start(table, 'night-aces', 2, 500, { aceLowChoice: true });
    table.must({ type: 'draw' });
    let calls = 0;
    for (let turns = 0; turns < 200 && calls < 2; turns++) {
      const dealt = table.must({ type: 'deal' });
      if (table.state.phase.kind === 'ace-call') {
        calls++;
        expect(ofType(dealt, 'card-drawn').map((e) => e.card[0])).toEqual(['A']);
        const called = table.must({ type: 'ace-call', call: 'low' });
        expect(ofType(called, 'card-drawn')).toHaveLength(1);
        expect(ofType(called, 'card-turned').map((e) => e.role)).toEqual(['post']);
      }
      if (table.state.phase.kind === 'pair-call') table.must({ type: 'pair-call', call: 'lower' });
      if (table.state.phase.kind === 'bet') table.must({ type: 'bet', amount: 1 });
    }
    expect(calls).toBe(2);
  });

  it('R34, R13: a shoe with fewer than 3 cards before a turn is put away and a fresh one drawn from, by the same witnesses', () => {
    const table = new WitnessedTable({ [LAPTOP_WITNESS]: chainFrom(bytes(5), 4096) });
    start(table, 'night-renewal', 2, 100);
    table.must({ type: 'draw' });
    table.must({ type: 'deal' });
    if (table.state.phase.kind === 'bet') table.must({ type: 'bet', amount: 1 });
    const deck = table.state.deck;
    if (!deck?.shoe || table.state.dealNeedsDeck) throw new Error('the first deal should still be under way');
    // The same deal, as if its shoe had been played down to 2 cards.
    table.state = { ...table.state, deck: { ...deck, shoe: deck.shoe.slice(0, 2) } };
    const fingerprint = table.state.witnesses?.fingerprint;
    const dealt = table.must({ type: 'deal' });
    expect(ofType(dealt, 'shoe-retired').map((e) => e.deckId)).toEqual([deck.id]);
    const [renewed] = ofType(dealt, 'shoe-started');
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.heads.map((h) => h.id)).toEqual([LAPTOP_WITNESS]);
    expect(table.state.witnesses?.fingerprint).not.toBe(fingerprint);
    expect((table.state.deck?.shoe?.length ?? 0) + (table.state.deck?.cards.length ?? 0)).toBe(52);
  });

  it('R34: a reveal that does not hash to its head, a missing laptop or a stranger is refused and changes nothing', () => {
    const table = new WitnessedTable({ [LAPTOP_WITNESS]: chainFrom(bytes(3), 4096) });
    start(table, 'night-refusals');
    table.must({ type: 'draw' });
    const dealt = applyCommand(table.state, { type: 'deal' });
    if (!dealt.ok) throw new Error(dealt.error.message);
    let state = dealt.state;
    while (state.phase.kind === 'shuffle') {
      const shuffled = applyCommand(state, { type: 'shuffle', seed: createHash('sha256').update('seed').digest('hex') });
      expect(!shuffled.ok && shuffled.error.rule).toBe('R34');
      const head = state.witnesses?.heads[0]?.head ?? table.pendingReveal()[0]?.value;
      const committed = applyCommand(state, { type: 'commit', heads: [{ id: LAPTOP_WITNESS, head: head as string }] });
      if (!committed.ok) throw new Error(committed.error.message);
      state = committed.state;
    }
    expect(state.phase.kind).toBe('reveal');
    const good = table.pendingReveal();
    const wrong = createHash('sha256').update('a guess').digest('hex');
    for (const command of [
      { type: 'reveal', reveals: [{ id: LAPTOP_WITNESS, value: wrong }], missing: [] },
      { type: 'reveal', reveals: [], missing: [LAPTOP_WITNESS] },
      { type: 'reveal', reveals: [...good, { id: PHONE, value: wrong }], missing: [] },
    ] as EngineCommand[]) {
      const result = applyCommand(state, command);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.rule).toBe('R34');
    }
    // The laptop's next value is the one accepted.
    expect(sha256Hex(Buffer.from(good[0]?.value ?? '', 'hex'))).toBe(state.witnesses?.heads[0]?.head);
    expect(applyCommand(state, { type: 'reveal', reveals: good, missing: [] }).ok).toBe(true);
  });
});

describe('R34: a shoe folded one event at a time', () => {
  it('R34, R25: evolving event by event (no shared draft) keeps the shoe and its count, as one command does', () => {
    const table = new WitnessedTable({ [LAPTOP_WITNESS]: chainFrom(bytes(13), 4096) });
    start(table, 'night-evolve');
    table.must({ type: 'draw' });
    table.must({ type: 'deal' });
    const folded = table.events.reduce((state, event) => evolve(state, event), emptyState());
    expect(folded.deck?.shoe).toEqual(table.state.deck?.shoe);
    expect(folded.deck?.shoe).toHaveLength(50);
  });
});
