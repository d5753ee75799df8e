import { describe, expect, it } from 'vitest';
import { rankOf, type CardCode } from '../../shared/cards';
import { applyCommand, conservationProblem, type EngineCommand } from './decide';
import { commitmentOf, dealtOrder } from './deck';
import type { EngineEvent } from './events';
import { emptyState, replay } from './evolve';
import { oddsBetween } from './odds';
import type { EngineState } from './state';
import { TEST_VECTOR_SEED, TestTable, findDrawSeed, seedFor, startCommand, tableWith, total, type TableOptions } from './testing/kit';

/** Plays the rest of a turn: call an ace high, bet `amount`. */
function finishTurn(table: TestTable, amount: number | 'pot' = 1): void {
  if (table.state.phase.kind === 'ace-call') table.must({ type: 'ace-call', call: 'high' });
  if (table.state.phase.kind === 'bet') table.must({ type: 'bet', amount });
}

/** Deals the next turn (cutting a new deck at 0) and plays it out. */
function takeTurn(table: TestTable, amount: number | 'pot' = 1): void {
  table.must({ type: 'deal' });
  if (table.state.phase.kind === 'cut') table.must({ type: 'cut', cut: 0 });
  finishTurn(table, amount);
  if (table.state.phase.kind === 'cut') table.must({ type: 'cut', cut: 0 }); // a deck ran out mid-turn (R13)
  finishTurn(table, amount);
}

/** Applies a command that must be refused; checks the state did not change at all. */
function refused(table: TestTable, command: EngineCommand, code: string, rule?: string) {
  const before = table.state;
  const snapshot = structuredClone(before);
  const result = table.apply(command);
  if (result.ok) throw new Error(`${command.type} was accepted, expected ${code}`);
  expect(result.error.code).toBe(code);
  if (rule) expect(result.error.rule).toBe(rule);
  expect(table.state).toBe(before);
  expect(before).toEqual(snapshot);
  return result.error;
}

const chipEvents = (events: EngineEvent[]) => events.flatMap((e) => (e.type === 'chips' ? [e] : []));
const turnedCards = (events: EngineEvent[]) => events.flatMap((e) => (e.type === 'card-turned' ? [e.card] : []));
const rich: TableOptions = { players: 2, startingChips: 20, settings: { ante: 5 } }; // stacks 15, pot 10

describe('cards', () => {
  it('R1: the decks setting shuffles 1-4 decks together; the draw deck is always one deck', () => {
    for (const decks of [1, 2, 3, 4]) {
      const table = tableWith({ settings: { decks }, cards: ['*'] });
      expect(table.state.deck?.cards).toHaveLength(52 * decks);
      expect(table.state.deck?.copies).toBe(decks);
      const drawDeck = table.events.find((e) => e.type === 'deck-shuffled' && e.purpose === 'draw');
      expect(drawDeck?.type === 'deck-shuffled' && drawDeck.copies).toBe(1);
    }
  });

  it('R1: by default the ace is always high and no call is asked', () => {
    const table = tableWith({ cards: ['A', '5', '3'] });
    expect(table.state.phase.kind).toBe('bet');
    table.must({ type: 'bet', amount: 1 });
    expect(table.state.turn?.outcome).toBe('lose');
  });

  it('R1: with aceLowChoice a first ace waits for the call; called low, A-5 wins on a 3', () => {
    const table = tableWith({ settings: { aceLowChoice: true }, cards: ['A', '5', '3'] });
    expect(table.state.phase.kind).toBe('ace-call');
    expect(table.state.turn?.posts).toHaveLength(1); // the second card waits for the call
    refused(table, { type: 'bet', amount: 1 }, 'wrong-phase');
    table.must({ type: 'ace-call', call: 'low' });
    expect(table.state.turn?.odds?.winners).toBe(oddsBetween(1, 5, table.remainingCards()).winners);
    table.must({ type: 'bet', amount: 1 });
    expect(table.state.turn?.outcome).toBe('win');
  });

  it('R1: with aceLowChoice an ace called high plays as high: A-5 loses on a 3', () => {
    const table = tableWith({ settings: { aceLowChoice: true }, cards: ['A', '5', '3'] });
    table.must({ type: 'ace-call', call: 'high' });
    table.must({ type: 'bet', amount: 1 });
    expect(table.state.turn?.outcome).toBe('lose');
  });

  it('R1: a second ace is always high: no call is asked for it', () => {
    const table = tableWith({ settings: { aceLowChoice: true }, cards: ['5', 'A'] });
    expect(table.state.phase.kind).toBe('bet');
    expect(table.state.turn?.odds?.winners).toBe(oddsBetween(5, 14, table.remainingCards()).winners);
  });

  it('R1: a first ace called low and a second ace make the widest spread, not a pair', () => {
    const table = tableWith({ settings: { aceLowChoice: true }, cards: ['A', 'A', 'K'] });
    table.must({ type: 'ace-call', call: 'low' });
    expect(table.state.phase.kind).toBe('bet');
    expect(table.state.turn?.odds).toEqual({ winners: 48, remaining: 50 }); // every 2..K
    table.must({ type: 'bet', amount: 1 });
    expect(table.state.turn?.outcome).toBe('win');
  });

  it('R1: a first ace called high and a second ace are a pair', () => {
    const table = tableWith({ settings: { aceLowChoice: true }, cards: ['A', 'A'] });
    table.must({ type: 'ace-call', call: 'high' });
    expect(table.state.turn?.outcome).toBe('pair');
  });

  it('R1: an ace called low and a 2 are consecutive', () => {
    const table = tableWith({ settings: { aceLowChoice: true }, cards: ['A', '2'] });
    table.must({ type: 'ace-call', call: 'low' });
    expect(table.state.turn?.outcome).toBe('consecutive');
  });

  it('R2: every card the engine turns is a card code of the canonical deck', () => {
    const table = tableWith({ cards: ['T', '*'] });
    finishTurn(table);
    const cards = turnedCards(table.events);
    expect(cards.length).toBeGreaterThanOrEqual(2);
    for (const card of cards) expect(card).toMatch(/^[2-9TJQKA][CDHS]$/);
    expect(cards[0]?.[0]).toBe('T');
  });
});

describe('chips, pot and stacks', () => {
  it('R3: a fractional bet or buy-in is refused: chips are whole numbers', () => {
    const table = tableWith({ ...rich, cards: ['2', 'A'] });
    const error = refused(table, { type: 'bet', amount: 1.5 }, 'invalid-input', 'R3');
    expect(error.message).toContain('bet 1 to 10');
    refused(table, { type: 'buy-in', playerId: 'p0', amount: 2.5 }, 'invalid-input', 'R3');
    refused(table, { type: 'buy-in', playerId: 'p0', amount: 0 }, 'invalid-input', 'R3');
  });

  it('R4: when the night starts every player puts the ante in the pot', () => {
    const table = TestTable.start({ players: 3, startingChips: 10, settings: { ante: 3 } });
    expect(table.state.stacks).toEqual({ p0: 7, p1: 7, p2: 7 });
    expect(table.state.pot).toBe(9);
    expect(table.state.announcements.find((a) => a.kind === 'ante')?.playerIds).toEqual(['p0', 'p1', 'p2']);
  });

  it('R4: a player with fewer chips than the ante puts in all they have (at a re-ante)', () => {
    // ante 2, 3 chips each: stacks 1 and 1, pot 4. Ann buys 10 more and wins the whole pot.
    const table = TestTable.start({ players: 2, startingChips: 3, settings: { ante: 2 } });
    table.drawDealer(1);
    table.must({ type: 'buy-in', playerId: 'p0', amount: 10 });
    table.dealWith(['4', 'T', '7']);
    expect(table.state.turn?.playerId).toBe('p0');
    const events = table.must({ type: 'bet', amount: 'pot' });
    const antes = chipEvents(events).filter((e) => e.move.code === 'ante');
    expect(antes.map((e) => [e.move.player, e.move.amount])).toEqual([
      ['p0', 2],
      ['p1', 1],
    ]);
    expect(table.state.stacks).toEqual({ p0: 13, p1: 0 });
    expect(table.state.pot).toBe(3);
  });

  it('R5: when a bet wins the whole pot, everyone with chips antes again at once', () => {
    const table = tableWith({ players: 3, dealer: 0, cards: ['4', 'T', '7'] }); // stacks 19, pot 3
    const events = table.must({ type: 'bet', amount: 'pot' });
    expect(table.state.turn?.outcome).toBe('win');
    expect(table.state.pot).toBe(3);
    expect(table.state.stacks).toEqual({ p0: 18, p1: 21, p2: 18 });
    const reAnte = table.state.announcements.find((a) => a.kind === 're-ante');
    expect(reAnte?.playerIds).toEqual(['p0', 'p1', 'p2']);
    // The re-ante comes before the next turn is set up.
    const anteAt = events.findIndex((e) => e.type === 'chips' && e.move.code === 'ante');
    const rotationAt = events.findIndex((e) => e.type === 'rotation');
    expect(anteAt).toBeGreaterThan(-1);
    expect(anteAt).toBeLessThan(rotationAt);
  });

  it('R5: a player sitting out does not re-ante', () => {
    // 3 players with 1 chip each, pot 3. Bob loses his chip on consecutive cards; Cat buys in and wins the pot.
    const table = tableWith({ players: 3, startingChips: 2, dealer: 0, cards: ['5', '6', '5', '9', '7'] });
    expect(table.state.stacks.p1).toBe(0);
    table.must({ type: 'buy-in', playerId: 'p2', amount: 10 });
    table.must({ type: 'deal' });
    expect(table.state.turn?.playerId).toBe('p2');
    const events = table.must({ type: 'bet', amount: 'pot' });
    expect(
      chipEvents(events)
        .filter((e) => e.move.code === 'ante')
        .map((e) => e.move.player),
    ).toEqual(['p0', 'p2']);
    expect(table.state.stacks).toEqual({ p0: 0, p1: 0, p2: 14 });
    expect(table.state.pot).toBe(2);
  });

  it('R6: a player with 0 chips skips turns and the deal until a buy-in brings them back', () => {
    // 3 chips each after the ante, pot 3; Bob bets all 3 and loses.
    const table = tableWith({ players: 3, startingChips: 4, dealer: 0, cards: ['4', 'T', '2'] });
    table.must({ type: 'bet', amount: 3 });
    expect(table.state.stacks.p1).toBe(0);
    takeTurn(table); // Cat
    takeTurn(table); // Ann, the dealer, last
    // The deal passes left, over Bob, to Cat; Ann acts first.
    expect(table.state.dealerSeat).toBe(2);
    expect(table.state.toActSeat).toBe(0);
    table.must({ type: 'buy-in', playerId: 'p1', amount: 5 });
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      takeTurn(table);
      order.push(table.state.turn?.playerId ?? '?');
    }
    expect(order).toEqual(['p0', 'p1', 'p2']);
  });

  it('R6: no deal with fewer than 2 players with chips; a buy-in lets play go on', () => {
    const table = tableWith({ players: 2, startingChips: 2, dealer: 0, cards: ['5', '6'] }); // Bob loses his only chip
    expect(table.state.stacks).toEqual({ p0: 1, p1: 0 });
    const error = refused(table, { type: 'deal' }, 'not-enough-players', 'R6');
    expect(error.message).toContain('Ann');
    expect(error.message).toContain('buy-in');
    table.must({ type: 'buy-in', playerId: 'p1', amount: 3 });
    table.must({ type: 'deal' });
    expect(['bet', 'ready', 'cut']).toContain(table.state.phase.kind);
  });

  it('R6: the draw is refused when fewer than 2 players have chips', () => {
    const table = TestTable.start({ players: 2 });
    table.must({ type: 'cash-out', playerId: 'p0' });
    table.must({ type: 'cash-out', playerId: 'p1' });
    refused(table, { type: 'draw' }, 'not-enough-players', 'R6');
    table.must({ type: 'buy-in', playerId: 'p0', amount: 5 });
    refused(table, { type: 'draw' }, 'not-enough-players', 'R6');
  });

  it('R6: a night is refused with fewer than 2 players', () => {
    const start = startCommand({ players: 2 }) as Extract<EngineCommand, { type: 'start' }>;
    const alone = applyCommand(emptyState(), { ...start, players: [{ id: 'a', name: 'Ann' }] });
    expect(!alone.ok && alone.error).toMatchObject({ code: 'not-enough-players', rule: 'R6' });
    expect(applyCommand(emptyState(), start).ok).toBe(true);
  });

  it('R4: starting chips not above the ante are refused as too few chips, not as too few players', () => {
    const start = startCommand({ players: 2, settings: { ante: 2 } }) as Extract<EngineCommand, { type: 'start' }>;
    for (const startingChips of [1, 2]) {
      const poor = applyCommand(emptyState(), { ...start, startingChips });
      expect(!poor.ok && poor.error).toMatchObject({ code: 'starting-chips-too-few', rule: 'R4', params: { ante: 2 } });
      expect(!poor.ok && poor.error.message).toContain('more than the ante of 2');
    }
    expect(applyCommand(emptyState(), { ...start, startingChips: 3 }).ok).toBe(true);
  });

  it('R3: cashing out a player who has already cashed out is refused as already left, naming them', () => {
    const table = TestTable.start({ players: 3 });
    table.must({ type: 'cash-out', playerId: 'p2' });
    const error = refused(table, { type: 'cash-out', playerId: 'p2' }, 'already-left');
    expect(error.message).toContain('Cat');
    table.must({ type: 'buy-in', playerId: 'p2', amount: 5 });
    table.must({ type: 'cash-out', playerId: 'p2' });
  });
});

describe('who deals', () => {
  it('R7: one card each, the highest rank deals; the draw deck is committed, never cut, then revealed', () => {
    const seed = seedFor('r7-draw');
    const table = TestTable.start({ players: 3 }).queueSeeds(seed);
    table.must({ type: 'draw' });
    const cards = dealtOrder(seed, 1, null).slice(0, 3);
    const ranks = cards.map((c) => rankOf(c));
    const top = Math.max(...ranks);
    if (ranks.filter((r) => r === top).length === 1) {
      expect(table.state.dealerSeat).toBe(ranks.indexOf(top));
    }
    expect(table.state.draw?.rounds[0]?.cards.map((c) => c.card)).toEqual(cards);
    expect(table.events.some((e) => e.type === 'deck-cut')).toBe(false);
    expect(table.state.lastRetiredDeck?.seed).toBe(seed);
    expect(table.state.phase.kind).toBe('ready');
  });

  it('R7: players tied for highest draw again, only among themselves', () => {
    const seed = findDrawSeed(
      ([a, b, c, d, e]) =>
        a !== undefined &&
        b !== undefined &&
        c !== undefined &&
        d !== undefined &&
        e !== undefined &&
        rankOf(a) === rankOf(c) &&
        rankOf(b) < rankOf(a) &&
        rankOf(d) !== rankOf(e),
      'r7-tie',
    );
    const table = TestTable.start({ players: 3 }).queueSeeds(seed);
    table.must({ type: 'draw' });
    const order = dealtOrder(seed, 1, null);
    const rounds = table.state.draw?.rounds ?? [];
    expect(rounds).toHaveLength(2);
    expect(rounds[1]?.cards).toEqual([
      { playerId: 'p0', card: order[3] },
      { playerId: 'p2', card: order[4] },
    ]);
    const winner = rankOf(order[3] as CardCode) > rankOf(order[4] as CardCode) ? 0 : 2;
    expect(table.state.dealerSeat).toBe(winner);
    expect(table.state.announcements.some((a) => a.kind === 'dealer-chosen')).toBe(true);
  });

  it('R8: the player left of the dealer goes first, the dealer last, then the deal passes left', () => {
    const table = TestTable.start({ players: 4 });
    table.drawDealer(2);
    const turns: { player: string; dealer: string; deal: number }[] = [];
    for (let i = 0; i < 8; i++) {
      takeTurn(table);
      const turn = table.state.turn;
      if (!turn) throw new Error('no turn');
      turns.push({ player: turn.playerId, dealer: turn.dealerId, deal: turn.deal });
    }
    expect(turns.map((t) => t.player)).toEqual(['p3', 'p0', 'p1', 'p2', 'p0', 'p1', 'p2', 'p3']);
    expect(turns.map((t) => t.dealer)).toEqual(['p2', 'p2', 'p2', 'p2', 'p3', 'p3', 'p3', 'p3']);
    expect(turns.map((t) => t.deal)).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    // R9: each deal has its own deck.
    const playDecks = table.events.filter((e) => e.type === 'deck-shuffled' && e.purpose === 'play');
    expect(playDecks).toHaveLength(2);
  });
});

/**
 * Two players with 1 chip each (pot 2), Ann deals: Bob wins 1, then Ann loses
 * her last chip on consecutive cards. The deal passes to Bob with nobody else
 * holding chips.
 */
function annBustsAsDealer(): TestTable {
  const table = tableWith({ players: 2, startingChips: 2, dealer: 0, cards: ['4', 'T', '7', '5', '6'] });
  table.must({ type: 'bet', amount: 1 });
  table.must({ type: 'deal' });
  expect(table.state.stacks).toEqual({ p0: 0, p1: 2 });
  expect(table.state.dealerSeat).toBe(1);
  return table;
}

describe('who deals, when players bust', () => {
  it('R8: after the deal passed while one player had chips, a buy-in resumes it: left of the new dealer first', () => {
    const table = annBustsAsDealer();
    table.must({ type: 'buy-in', playerId: 'p0', amount: 5 });
    table.must({ type: 'deal' });
    table.must({ type: 'cut', cut: 0 });
    expect(table.state.turn).toMatchObject({ playerId: 'p0', dealerId: 'p1', deal: 2 });
    finishTurn(table);
    takeTurn(table);
    expect(table.state.turn).toMatchObject({ playerId: 'p1', dealerId: 'p1', deal: 2 });
  });
});

describe('shuffle, cut and the provable deck', () => {
  it('R9: a new deal shows the commitment sha256(seed) before the cut, with no card turned', () => {
    const seed = seedFor('r9');
    const table = TestTable.start().drawDealer(0).queueSeeds(seed);
    table.must({ type: 'deal' });
    expect(table.state.phase.kind).toBe('cut');
    expect(table.state.deck?.commitment).toBe(commitmentOf(seed));
    expect(table.state.deck?.cut).toBeNull();
    expect(table.state.deck?.position).toBe(0);
    expect(table.state.turn).toBeNull();
  });

  it('R9: a shuffle seed must be 32 bytes of lowercase hex', () => {
    const table = TestTable.start().drawDealer(0);
    const asked = applyCommand(table.state, { type: 'deal' });
    if (!asked.ok) throw new Error('deal refused');
    // The last two are not strings at all: what a corrupted or hand-made command could carry.
    for (const seed of ['', 'xyz', seedFor(1).toUpperCase(), seedFor(1).slice(2), undefined, { length: 64 }] as unknown as string[]) {
      const result = applyCommand(asked.state, { type: 'shuffle', seed });
      expect(!result.ok && result.error.rule).toBe('R9');
    }
  });

  it('R10: the engine deals the test vector seed in its order (cut 0: AS 7S, then TC)', () => {
    const table = TestTable.start().drawDealer(0).queueSeeds(TEST_VECTOR_SEED);
    table.must({ type: 'deal' });
    table.must({ type: 'cut', cut: 0 });
    expect(table.state.turn?.posts).toEqual(['AS', '7S']);
    table.must({ type: 'bet', amount: 1 });
    expect(table.state.turn?.third).toBe('TC');
    expect(table.state.turn?.outcome).toBe('win');
  });

  it('R11: cut 17 of the test vector deals 3D 8S 4D', () => {
    const table = TestTable.start().drawDealer(0).queueSeeds(TEST_VECTOR_SEED);
    table.must({ type: 'deal' });
    table.must({ type: 'cut', cut: 17 });
    expect(table.state.turn?.posts).toEqual(['3D', '8S']);
    table.must({ type: 'bet', amount: 1 });
    expect(table.state.turn?.third).toBe('4D');
  });

  it('R11: a cut outside 0..N-1 or not whole is refused, saying what is allowed', () => {
    for (const decks of [1, 2]) {
      const table = TestTable.start({ settings: { decks } }).drawDealer(0);
      table.must({ type: 'deal' });
      const last = 52 * decks - 1;
      for (const cut of [-1, last + 1, 1.5, Number.NaN]) {
        const error = refused(table, { type: 'cut', cut }, 'bad-cut', 'R11');
        expect(error.message).toContain(`0 to ${last}`);
      }
      table.must({ type: 'cut', cut: last });
      expect(table.state.deck?.cut).toBe(last);
    }
  });

  it('R12: when the deal passes the deck is retired and its seed revealed; it reproduces the cards dealt', () => {
    const table = TestTable.start().drawDealer(0);
    takeTurn(table);
    takeTurn(table);
    const deck = table.state.deck;
    if (!deck) throw new Error('no deck');
    const seen = turnedCards(table.events);
    takeTurn(table); // a new deal: a new deck
    const retired = table.state.lastRetiredDeck;
    expect(retired?.id).toBe(deck.id);
    expect(retired?.seed).toBe(deck.seed);
    expect(dealtOrder(deck.seed, deck.copies, retired?.cut ?? null).slice(0, retired?.dealt)).toEqual(seen);
    expect(table.events.some((e) => e.type === 'deck-retired' && e.seed === deck.seed)).toBe(true);
  });

  it('R13: with fewer than 3 cards left before a turn the deck is retired and a new one shuffled, committed and cut', () => {
    // Voiding every turn keeps one deal going (R21), so one deck runs down.
    const table = TestTable.start().drawDealer(0);
    takeTurn(table);
    const firstDeck = table.state.deck?.id;
    let leftBefore = 52;
    for (let guard = 0; guard < 40 && table.state.deck?.id === firstDeck; guard++) {
      table.must({ type: 'void-turn' });
      leftBefore = table.remainingCards().length;
      table.must({ type: 'deal' });
      if (table.state.phase.kind === 'cut') break;
      expect(leftBefore).toBeGreaterThanOrEqual(3);
      finishTurn(table);
    }
    expect(table.state.phase.kind).toBe('cut');
    expect(leftBefore).toBeLessThan(3);
    expect(table.state.lastRetiredDeck?.id).toBe(firstDeck);
    expect(table.state.lastRetiredDeck?.dealt).toBe(52 - leftBefore);
    expect(table.state.deck?.cut).toBeNull();
    expect(table.state.turn?.outcome).not.toBeNull(); // no new turn before the cut
    table.must({ type: 'cut', cut: 0 });
    expect(table.state.turn?.cards.every((c) => c.deck === table.state.deck?.id)).toBe(true);
  });

  it('R13: a turn that runs out of cards after a redeal takes them from a new deck; turned cards stay', () => {
    let found: { table: TestTable; events: EngineEvent[] } | null = null;
    for (let attempt = 0; attempt < 200 && !found; attempt++) {
      const table = TestTable.start({ settings: { pair: 'redeal', consecutive: 'redeal' } }, `r13-${attempt}`).drawDealer(0);
      takeTurn(table);
      const firstDeck = table.state.deck?.id;
      for (let guard = 0; guard < 40 && table.state.deck?.id === firstDeck; guard++) {
        table.must({ type: 'void-turn' });
        const events = table.must({ type: 'deal' });
        if (table.state.phase.kind === 'cut' && table.state.phase.resume === 'continue-turn') found = { table, events };
        if (table.state.phase.kind === 'cut') break;
        finishTurn(table);
      }
    }
    if (!found) throw new Error('no deck ran out mid-turn');
    const { table, events } = found;
    const turn = table.state.turn;
    if (!turn) throw new Error('no turn');
    const oldDeck = table.state.lastRetiredDeck?.id;
    expect(events.some((e) => e.type === 'posts-redealt')).toBe(true);
    expect(turn.cards.length).toBeGreaterThanOrEqual(3);
    expect(turn.cards.every((c) => c.deck === oldDeck)).toBe(true);
    // The turn is held open: the night cannot end and the player cannot leave.
    refused(table, { type: 'end', at: 'later' }, 'wrong-phase');
    refused(table, { type: 'cash-out', playerId: turn.playerId }, 'player-busy');
    const kept = [...turn.cards];
    table.must({ type: 'cut', cut: 3 });
    finishTurn(table);
    const after = table.state.turn;
    expect(after?.n).toBe(turn.n);
    expect(after?.playerId).toBe(turn.playerId);
    expect(after?.cards.slice(0, kept.length)).toEqual(kept);
    expect(after?.cards.slice(kept.length).every((c) => c.deck === table.state.deck?.id)).toBe(true);
    expect(after?.outcome).not.toBeNull();
  });
});

describe('a turn', () => {
  it('R14: two cards are turned; low and high are by rank, whatever order they come in', () => {
    for (const cards of [
      ['K', '5', '9'],
      ['5', 'K', '9'],
    ]) {
      const table = tableWith({ cards });
      expect(table.state.turn?.posts).toHaveLength(2);
      table.must({ type: 'bet', amount: 1 });
      expect(table.state.turn?.outcome).toBe('win');
    }
  });

  it('R15: a pair pays 2 from the pot, no bet, no third card (default pays-2)', () => {
    const table = tableWith({ ...rich, cards: ['8', '8'] });
    expect(table.state.turn?.outcome).toBe('pair');
    expect(table.state.turn?.third).toBeNull();
    expect(table.state.stacks.p1).toBe(17);
    expect(table.state.pot).toBe(8);
    expect(table.state.phase.kind).toBe('ready');
  });

  it('R15: pair pays-3 pays 3', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, pair: 'pays-3' }, cards: ['8', '8'] });
    expect(table.state.stacks.p1).toBe(18);
    expect(table.state.pot).toBe(7);
  });

  it('R15: a pair pays all the pot holds if it holds less (pays-3, pot 2), and the empty pot is re-anted (R5)', () => {
    const table = tableWith({ settings: { pair: 'pays-3' }, cards: ['8', '8'] }); // stacks 19, pot 2
    const paid = chipEvents(table.events).find((e) => e.move.code === 'pair-win');
    expect(paid?.move.amount).toBe(2);
    expect(table.state.stacks).toEqual({ p0: 18, p1: 20 });
    expect(table.state.pot).toBe(2);
  });

  it('R15: pair redeal discards both cards and turns two new ones', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, pair: 'redeal' }, cards: ['8', '8', '4', 'T'] });
    expect(table.state.phase.kind).toBe('bet');
    expect(table.state.turn?.posts.map((c) => c[0])).toEqual(['4', 'T']);
    expect(table.state.turn?.cards.map((c) => c.card[0])).toEqual(['8', '8', '4', 'T']);
    expect(table.state.stacks).toEqual({ p0: 15, p1: 15 });
  });

  it('R1, R16: redealt posts keep their own ace call; the new posts get theirs', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, aceLowChoice: true, consecutive: 'redeal' }, cards: ['A', '2', 'A', 'T'] });
    table.must({ type: 'ace-call', call: 'low' });
    expect(table.state.phase.kind).toBe('ace-call');
    table.must({ type: 'ace-call', call: 'high' });
    expect(table.state.turn?.redealtAceCalls).toEqual(['low']);
    expect(table.state.turn?.aceCall).toBe('high');
  });

  it('R16: consecutive ranks lose the minimum, 1 chip, into the pot (default)', () => {
    const table = tableWith({ ...rich, cards: ['7', '8'] });
    expect(table.state.turn?.outcome).toBe('consecutive');
    expect(table.state.turn?.third).toBeNull();
    expect(table.state.stacks.p1).toBe(14);
    expect(table.state.pot).toBe(11);
  });

  it('R16: K-A is consecutive, in either order', () => {
    for (const cards of [
      ['K', 'A'],
      ['A', 'K'],
    ]) {
      const table = tableWith({ ...rich, cards });
      expect(table.state.turn?.outcome).toBe('consecutive');
    }
  });

  it('R16: consecutive push: the turn passes and no chips move', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, consecutive: 'push' }, cards: ['7', '8'] });
    expect(table.state.turn?.outcome).toBe('push');
    expect(table.state.stacks).toEqual({ p0: 15, p1: 15 });
    expect(table.state.pot).toBe(10);
    expect(table.state.toActSeat).toBe(0);
  });

  it('R16: consecutive redeal discards both cards and turns two new ones', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, consecutive: 'redeal' }, cards: ['7', '8', '4', 'T'] });
    expect(table.state.phase.kind).toBe('bet');
    expect(table.state.turn?.posts.map((c) => c[0])).toEqual(['4', 'T']);
  });

  it('R17: bets of zero, negative, fractional, NaN, above the pot or the stack are refused, saying what is allowed', () => {
    const table = tableWith({ ...rich, cards: ['2', 'A'] }); // pot 10, stack 15
    expect(refused(table, { type: 'bet', amount: 0 }, 'bet-too-small', 'R17').message).toContain('bet 1 to 10');
    expect(refused(table, { type: 'bet', amount: -3 }, 'bet-too-small', 'R17').message).toContain('bet 1 to 10');
    expect(refused(table, { type: 'bet', amount: 2.5 }, 'invalid-input').message).toContain('bet 1 to 10');
    expect(refused(table, { type: 'bet', amount: Number.NaN }, 'invalid-input').message).toContain('bet 1 to 10');
    refused(table, { type: 'bet', amount: Number.POSITIVE_INFINITY }, 'invalid-input');
    const above = refused(table, { type: 'bet', amount: 11 }, 'bet-above-pot', 'R17');
    expect(above.message).toContain('The pot holds 10');
    expect(above.params).toMatchObject({ min: 1, max: 10 });
    table.must({ type: 'bet', amount: 10 });
  });

  it('R17: a bet above the stack is refused; "pot" bets the whole stack when it is smaller', () => {
    const table = tableWith({ players: 2, startingChips: 8, settings: { ante: 5 }, cards: ['2', 'A'] }); // stacks 3, pot 10
    const error = refused(table, { type: 'bet', amount: 4 }, 'bet-above-stack');
    expect(error.message).toContain('Bob has 3: bet 1 to 3');
    table.must({ type: 'bet', amount: 'pot' });
    expect(table.state.turn?.bet).toBe(3);
  });

  it('R17: "pot" bets the whole pot when the stack is larger', () => {
    const table = tableWith({ ...rich, cards: ['2', 'A'] });
    table.must({ type: 'bet', amount: 'pot' });
    expect(table.state.turn?.bet).toBe(10);
  });

  it('R17: a bet is refused outside the bet phase', () => {
    const table = tableWith({ ...rich, cards: ['8', '8'] });
    refused(table, { type: 'bet', amount: 1 }, 'wrong-phase');
  });

  it('R18: a third card strictly between wins the bet from the pot', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 3 });
    expect(table.state.turn?.outcome).toBe('win');
    expect(table.state.stacks.p1).toBe(18);
    expect(table.state.pot).toBe(7);
  });

  it('R18: a third card outside loses the bet into the pot', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '2'] });
    table.must({ type: 'bet', amount: 3 });
    expect(table.state.turn?.outcome).toBe('lose');
    expect(table.state.stacks.p1).toBe(12);
    expect(table.state.pot).toBe(13);
  });

  it('R18: hitting the post loses the bet (postPays 1, the default)', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '4'] });
    table.must({ type: 'bet', amount: 3 });
    expect(table.state.turn?.outcome).toBe('post');
    expect(table.state.stacks.p1).toBe(12);
    expect(table.state.pot).toBe(13);
  });

  it('R18: postPays 2 loses double the bet', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, postPays: 2 }, cards: ['4', 'T', 'T'] });
    table.must({ type: 'bet', amount: 3 });
    expect(table.state.turn?.outcome).toBe('post');
    expect(table.state.stacks.p1).toBe(9);
    expect(table.state.pot).toBe(16);
  });

  it('R18: postPays 2 is capped at the stack', () => {
    const table = tableWith({ players: 2, startingChips: 8, settings: { ante: 5, postPays: 2 }, cards: ['4', 'T', '4'] }); // stacks 3
    table.must({ type: 'bet', amount: 2 });
    expect(table.state.stacks.p1).toBe(0);
    expect(table.state.pot).toBe(13);
    expect(chipEvents(table.events).find((e) => e.move.code === 'post-loss')?.move.amount).toBe(3);
  });

  it('R19: A-2 is the widest spread: 11 winning ranks, no special payout', () => {
    const table = tableWith({ ...rich, cards: ['A', '2', 'K'] });
    expect(table.state.turn?.odds).toEqual({ winners: 44, remaining: 50 });
    table.must({ type: 'bet', amount: 2 });
    expect(table.state.turn?.outcome).toBe('win');
    expect(table.state.stacks.p1).toBe(17);
  });

  it('R20: after a turn its cards are discarded and the next turn turns the next cards', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    const deck = table.state.deck;
    if (!deck) throw new Error('no deck');
    expect(deck.position).toBe(3);
    table.must({ type: 'deal' });
    expect(table.state.turn?.cards.map((c) => c.card).slice(0, 2)).toEqual(deck.cards.slice(3, 5));
    expect(table.state.turn?.posts).not.toContain(deck.cards[0]);
  });
});

describe('the night', () => {
  it('R21: undo reverses a mistyped buy-in with a reversing entry', () => {
    const table = TestTable.start();
    table.must({ type: 'buy-in', playerId: 'p1', amount: 50 });
    const bought = chipEvents(table.events).at(-1);
    const events = table.must({ type: 'undo' });
    const reversal = chipEvents(events)[0];
    expect(reversal?.move).toMatchObject({ code: 'reversal', amount: 50, from: 'player:p1', to: 'bank', reverses: bought?.id });
    expect(table.state.stacks.p1).toBe(19);
    expect(table.state.boughtIn.p1).toBe(20);
    refused(table, { type: 'undo' }, 'nothing-to-undo', 'R21');
  });

  it('R21: undo brings back a player cashed out by mistake, with their stack', () => {
    const table = TestTable.start({ players: 3 });
    table.must({ type: 'cash-out', playerId: 'p2' });
    expect(table.state.players[2]?.left).toBe(true);
    expect(table.state.cashedOut.p2).toBe(19);
    table.must({ type: 'undo' });
    expect(table.state.players[2]?.left).toBe(false);
    expect(table.state.stacks.p2).toBe(19);
    expect(table.state.cashedOut.p2).toBe(0);
  });

  it('R21: undoing the cash-out of a player with no chips seats them again', () => {
    const table = tableWith({ players: 3, startingChips: 2, dealer: 0, cards: ['5', '6'] }); // Bob loses his only chip
    expect(table.state.stacks.p1).toBe(0);
    table.must({ type: 'cash-out', playerId: 'p1' });
    expect(table.state.players[1]?.left).toBe(true);
    table.must({ type: 'undo' });
    expect(table.state.players[1]?.left).toBe(false);
  });

  it('R21: undoing a mistaken cash-out of the player due to act gives them their turn back', () => {
    const table = TestTable.start({ players: 3 }).drawDealer(0);
    expect(table.state.toActSeat).toBe(1);
    table.must({ type: 'cash-out', playerId: 'p1' });
    expect(table.state.toActSeat).toBe(2);
    table.must({ type: 'undo' });
    expect(table.state.toActSeat).toBe(1);
    expect(table.state.players[1]?.left).toBe(false);
  });

  it('R9: when the deal passes while a deck is being cut, the new dealer shuffles a fresh deck', () => {
    const table = TestTable.start({ players: 3 }).drawDealer(0);
    table.must({ type: 'deal' });
    expect(table.state.phase.kind).toBe('cut');
    const uncut = table.state.deck?.id;
    // As if Bob and Cat had played this deal: the dealer is due, and leaves while the deck is cut.
    table.state = { ...table.state, toActSeat: 0 };
    table.must({ type: 'cash-out', playerId: 'p0' });
    table.must({ type: 'cut', cut: 0 });
    expect(table.state.dealerSeat).toBe(1);
    expect(table.state.phase.kind).toBe('cut');
    expect(table.state.deck?.id).not.toBe(uncut);
    expect(table.state.lastRetiredDeck).toMatchObject({ id: uncut, dealt: 0 });
  });

  it('R21: there is nothing to undo at the start of a night', () => {
    refused(TestTable.start(), { type: 'undo' }, 'nothing-to-undo', 'R21');
  });

  it('R21: a turn whose cards were seen cannot be undone', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 3 });
    const error = refused(table, { type: 'undo' }, 'cannot-undo-cards', 'R21');
    expect(error.message).toContain('correct the bet or void the turn');
  });

  it('R21: a mistyped bet is corrected: the cards and outcome stand, chips are reversed and moved again', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 3 });
    const win = chipEvents(table.events).at(-1);
    const third = table.state.turn?.third;
    const events = table.must({ type: 'correct-bet', amount: 1 });
    const moves = chipEvents(events).map((e) => e.move);
    expect(moves[0]).toMatchObject({ code: 'reversal', amount: 3, from: 'player:p1', to: 'pot', reverses: win?.id });
    expect(moves[1]).toMatchObject({ code: 'win', amount: 1, from: 'pot', to: 'player:p1' });
    expect(table.state.stacks.p1).toBe(16);
    expect(table.state.pot).toBe(9);
    expect(table.state.turn).toMatchObject({ bet: 1, third, outcome: 'win', corrected: true, potAfter: 9, stackAfter: 16 });
    // A second correction reverses the first one.
    table.must({ type: 'correct-bet', amount: 'pot' });
    expect(table.state.turn?.bet).toBe(10);
    expect(table.state.stacks).toEqual({ p0: 10, p1: 20 }); // won the whole pot: both re-ante 5 (R5)
    expect(table.state.pot).toBe(10);
  });

  it('R21: a correction outside R17 limits is refused and changes nothing', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '2'] });
    table.must({ type: 'bet', amount: 3 });
    refused(table, { type: 'correct-bet', amount: 11 }, 'bet-above-pot', 'R17');
    refused(table, { type: 'correct-bet', amount: 0 }, 'bet-too-small', 'R17');
    refused(table, { type: 'correct-bet', amount: 1.5 }, 'invalid-input');
    table.must({ type: 'correct-bet', amount: 2 });
    expect(table.state.turn?.outcome).toBe('lose');
    expect(table.state.stacks.p1).toBe(13);
    expect(table.state.pot).toBe(12);
  });

  it('R21: a correction allows what the bet allowed, even after a buy-in during the turn', () => {
    const table = tableWith({ players: 2, startingChips: 8, settings: { ante: 5 }, cards: ['4', 'T', '2'] }); // stacks 3, pot 10
    table.must({ type: 'buy-in', playerId: 'p1', amount: 10 });
    table.must({ type: 'bet', amount: 8 });
    table.must({ type: 'correct-bet', amount: 6 });
    expect(table.state.stacks.p1).toBe(7);
    expect(table.state.pot).toBe(16);
  });

  it('R21: a turn with no bet cannot be corrected', () => {
    const table = tableWith({ ...rich, cards: ['8', '8'] });
    refused(table, { type: 'correct-bet', amount: 1 }, 'nothing-to-undo', 'R21');
  });

  it('R21: a misdealt turn is voided: chips reversed, cards stay discarded, the same player plays the next cards', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 3 });
    const deck = table.state.deck;
    if (!deck) throw new Error('no deck');
    table.must({ type: 'void-turn' });
    expect(table.state.stacks).toEqual({ p0: 15, p1: 15 });
    expect(table.state.pot).toBe(10);
    expect(table.state.turn).toMatchObject({ n: 1, void: true, outcome: 'win' });
    expect(table.state.deck?.position).toBe(3);
    table.must({ type: 'deal' });
    expect(table.state.turn?.n).toBe(2);
    expect(table.state.turn?.playerId).toBe('p1');
    expect(table.state.turn?.cards.slice(0, 2).map((c) => c.card)).toEqual(deck.cards.slice(3, 5));
    refused(table, { type: 'void-turn' }, 'nothing-to-undo', 'R21');
  });

  it('R21: once the next cards are out, the last turn can no longer be corrected or voided', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7', '2', 'A'] });
    table.must({ type: 'bet', amount: 3 });
    table.must({ type: 'deal' });
    expect(table.state.phase.kind).toBe('bet');
    refused(table, { type: 'void-turn' }, 'nothing-to-undo');
    refused(table, { type: 'correct-bet', amount: 1 }, 'nothing-to-undo');
  });

  it('R21: a buy-in cannot be undone while that player is mid-turn and would have no chips', () => {
    const table = annBustsAsDealer();
    table.must({ type: 'buy-in', playerId: 'p0', amount: 5 });
    table.dealWith(['2', 'A']);
    expect(table.state.turn?.playerId).toBe('p0');
    const error = refused(table, { type: 'undo' }, 'player-busy', 'R21');
    expect(error.message).toContain('Ann');
    table.must({ type: 'bet', amount: 1 });
  });

  it('R22: the pot left at the end is split equally; the remainder goes 1 each in turn order left of the dealer', () => {
    const table = tableWith({ players: 3, startingChips: 10, settings: { ante: 2 }, dealer: 1, cards: ['4', 'T', '2'] });
    expect(table.state.turn?.playerId).toBe('p2');
    table.must({ type: 'bet', amount: 2 }); // pot 8
    expect(table.state.pot).toBe(8);
    const before = { ...table.state.stacks };
    const events = table.must({ type: 'end', at: '2026-01-02T01:00:00.000Z' });
    const split = chipEvents(events).filter((e) => e.move.code === 'pot-split');
    expect(split.map((e) => [e.move.player, e.move.amount])).toEqual([
      ['p2', 3],
      ['p0', 3],
      ['p1', 2],
    ]);
    expect(table.state.pot).toBe(0);
    expect(table.state.stacks).toEqual({ p0: (before.p0 ?? 0) + 3, p1: (before.p1 ?? 0) + 2, p2: (before.p2 ?? 0) + 3 });
    expect(table.state.phase.kind).toBe('ended');
    expect(table.state.endedAt).toBe('2026-01-02T01:00:00.000Z');
    refused(table, { type: 'deal' }, 'night-closed', 'R22');
  });

  it('R22: players without chips get no share of the pot', () => {
    const table = tableWith({ players: 3, startingChips: 2, dealer: 0, cards: ['5', '6'] }); // Bob busts, pot 4
    table.must({ type: 'end', at: 'end' });
    const split = chipEvents(table.events).filter((e) => e.move.code === 'pot-split');
    expect(split.map((e) => [e.move.player, e.move.amount])).toEqual([
      ['p2', 2],
      ['p0', 2],
    ]);
  });

  it('R22: potAtEnd carry takes the pot off the table for the next night, which starts with it', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, potAtEnd: 'carry' }, cards: ['4', 'T', '2'] });
    table.must({ type: 'bet', amount: 3 });
    table.must({ type: 'end', at: 'end' });
    expect(table.state.carriedOut).toBe(13);
    expect(table.state.pot).toBe(0);
    expect(table.state.stacks).toEqual({ p0: 15, p1: 12 });
    expect(conservationProblem(table.state)).toBeNull();
    const next = TestTable.start({ ...rich, carryIn: 13 });
    expect(next.state.pot).toBe(23);
    expect(next.state.carriedIn).toBe(13);
  });

  it('R22: the night cannot end in the middle of a turn', () => {
    const table = tableWith({ ...rich, cards: ['2', 'A'] });
    refused(table, { type: 'end', at: 'end' }, 'wrong-phase');
  });

  it('R23: the player with the most chips at the end wins; final chips count what was cashed out', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 3 }); // Bob 18, Ann 15, pot 7
    table.must({ type: 'end', at: 'end' });
    const final = (id: string) => (table.state.stacks[id] ?? 0) + (table.state.cashedOut[id] ?? 0);
    // The pot of 7 splits 4 (Bob, left of the dealer) and 3 (R22).
    expect(final('p1')).toBe(22);
    expect(final('p0')).toBe(18);
    expect(final('p1') - (table.state.boughtIn.p1 ?? 0)).toBe(2);
    expect(final('p0') - (table.state.boughtIn.p0 ?? 0)).toBe(-2);
  });

  it('R24: bought in = stacks + pot + cashed out after every command of a night', () => {
    const table = tableWith({ players: 4, cards: ['*'] });
    const states: EngineState[] = [table.state];
    const run = (command: EngineCommand) => {
      table.must(command);
      states.push(table.state);
    };
    finishTurn(table, 'pot');
    run({ type: 'buy-in', playerId: 'p2', amount: 7 });
    run({ type: 'cash-out', playerId: 'p3' });
    run({ type: 'undo' });
    for (let i = 0; i < 10; i++) {
      takeTurn(table, i % 2 === 0 ? 'pot' : 1);
      states.push(table.state);
    }
    run({ type: 'end', at: 'end' });
    for (const state of states) {
      expect(conservationProblem(state)).toBeNull();
      expect(total(state.boughtIn) + state.carriedIn).toBe(total(state.stacks) + state.pot + total(state.cashedOut) + state.carriedOut);
    }
  });

  it('R24: the engine refuses to record a state that breaks conservation', () => {
    const table = TestTable.start();
    const broken: EngineState = { ...table.state, stacks: { ...table.state.stacks, p0: (table.state.stacks.p0 ?? 0) + 1 } };
    expect(conservationProblem(broken)).toMatch(/^R24/);
    const result = applyCommand(broken, { type: 'buy-in', playerId: 'p1', amount: 1 });
    expect(!result.ok && result.error).toMatchObject({ code: 'conservation', rule: 'R24' });
  });

  it('R25: the odds are counted from the cards still in the deck', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7', '5', '9'] });
    expect(table.state.turn?.odds).toEqual({ winners: 20, remaining: 50 }); // 5..9, four each
    table.must({ type: 'bet', amount: 1 });
    table.must({ type: 'deal' });
    // 6, 7, 8 are winners; one 7 is gone: 11 of the 47 cards left.
    expect(table.state.turn?.odds).toEqual({ winners: 11, remaining: 47 });
    expect(table.state.turn?.odds).toEqual(oddsBetween(5, 9, table.remainingCards()));
  });
});

describe('commands', () => {
  it('a command made for an older state is refused as stale', () => {
    const table = TestTable.start();
    const result = applyCommand(table.state, { type: 'draw' }, table.state.stateId - 1);
    expect(!result.ok && result.error.code).toBe('stale-state');
    const ahead = applyCommand(table.state, { type: 'draw' }, table.state.stateId + 1);
    expect(!ahead.ok && ahead.error.code).toBe('stale-state');
  });

  it('an unknown player is refused by name', () => {
    const table = TestTable.start();
    const error = refused(table, { type: 'buy-in', playerId: 'zed', amount: 5 }, 'unknown-player');
    expect(error.message).toContain('zed');
  });

  it('replaying the events of a night rebuilds its state exactly', () => {
    const table = tableWith({ players: 3, settings: { aceLowChoice: true, pair: 'redeal' }, cards: ['*'] });
    finishTurn(table);
    for (let i = 0; i < 12; i++) takeTurn(table);
    table.must({ type: 'end', at: 'end' });
    expect(replay(table.events)).toEqual(table.state);
  });
});
