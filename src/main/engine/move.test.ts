import { describe, expect, it } from 'vitest';
import type { EngineCommand } from './decide';
import type { EngineEvent } from './events';
import { replay } from './evolve';
import { tableWith, TestTable, total } from './testing/kit';

/**
 * R35: moving a night to another laptop, as the engine decides it. A
 * takeover voids the turn in play (R21), retires the deck in play unrevealed
 * and asks for a new deck at once while a deal is under way; a hand-over
 * retires the deck as R12 does and is accepted only as at the end of a deal.
 */

const FROM = 'l-00000000000000a1';
const TO = 'l-00000000000000b2';
const HASH = 'ab'.repeat(32);
const takeOver: EngineCommand = { type: 'take-over', from: FROM, line: 9, hash: HASH };
const handOver: EngineCommand = { type: 'hand-over', to: TO };

const types = (events: readonly EngineEvent[]) => events.map((e) => e.type);
const chipsOnTable = (t: TestTable) => total(t.state.stacks) + t.state.pot;

describe('R35: taken over', () => {
  it('R35, R21: a turn in play is voided, its chips back, the deck lost unrevealed, and the same player plays again after a new deck and cut', () => {
    const t = tableWith({ players: 3, cards: ['4', 'J'] });
    expect(t.state.phase.kind).toBe('bet');
    const turn = t.state.turn;
    const stacks = { ...t.state.stacks };
    const pot = t.state.pot;
    const lostDeck = t.state.deck?.id;
    const events = t.must(takeOver);
    expect(types(events)).toEqual(expect.arrayContaining(['turn-voided', 'deck-lost', 'deck-needed', 'deck-shuffled']));
    expect(events.find((e) => e.type === 'deck-lost')).toEqual({ type: 'deck-lost', deckId: lostDeck });
    expect(events.some((e) => e.type === 'deck-retired')).toBe(false);
    expect(t.state.stacks).toEqual(stacks);
    expect(t.state.pot).toBe(pot);
    expect(t.state.phase.kind).toBe('cut');
    expect(t.state.deck?.id).not.toBe(lostDeck);
    t.must({ type: 'cut', cut: 0 });
    expect(t.state.turn?.playerId).toBe(turn?.playerId);
    expect(t.state.turn?.n).toBe((turn?.n ?? 0) + 1);
    // R24 across the move, and the fold of the events gives the same table.
    expect(t.state.boughtIn.p0 ?? 0).toBeGreaterThan(0);
    expect(replay(t.events)).toEqual(t.state);
  });

  it('R35: between two turns of a deal nothing is voided; the deck is lost and a new one asked for at once', () => {
    const t = tableWith({ players: 3, cards: ['4', 'J'] });
    t.must({ type: 'bet', amount: 1 });
    expect(t.state.phase.kind).toBe('ready');
    const before = chipsOnTable(t);
    const events = t.must(takeOver);
    expect(types(events)).not.toContain('turn-voided');
    expect(types(events)).toContain('deck-lost');
    expect(t.state.phase.kind).toBe('cut');
    expect(chipsOnTable(t)).toBe(before);
  });

  it('R35: between deals the deck is lost and nothing else: the next deal shuffles its own', () => {
    const t = tableWith({ players: 2, cards: ['4', 'J', '*', '5', 'Q'] });
    t.must({ type: 'bet', amount: 1 });
    t.must({ type: 'deal' });
    t.must({ type: 'bet', amount: 1 });
    expect(t.state.dealNeedsDeck).toBe(true);
    const events = t.must(takeOver);
    expect(types(events)).toEqual(['command', 'announce', 'deck-lost', 'action-settled']);
    expect(t.state.phase.kind).toBe('ready');
    expect(t.state.deck).toBeNull();
    t.must({ type: 'deal' });
    expect(t.state.phase.kind).toBe('cut');
  });

  it('R35: before the draw for dealer there is no deck to lose and nothing to void', () => {
    const t = TestTable.start({ players: 3 });
    expect(types(t.must(takeOver))).toEqual(['command', 'announce', 'action-settled']);
    expect(t.state.phase.kind).toBe('draw');
    t.drawDealer(1);
    expect(t.state.dealerSeat).toBe(1);
  });

  it('R35: a takeover in the cut loses the uncut deck and asks for a new one', () => {
    const t = TestTable.start({ players: 2 });
    t.drawDealer(0);
    t.must({ type: 'deal' });
    expect(t.state.phase.kind).toBe('cut');
    const uncut = t.state.deck?.id;
    t.must(takeOver);
    expect(t.state.phase.kind).toBe('cut');
    expect(t.state.deck?.id).not.toBe(uncut);
  });

  it('R35: an ended night is not taken over nor handed over, in words naming R35', () => {
    const t = TestTable.start({ players: 2 });
    t.must({ type: 'end', at: '2026-01-01T23:00:00.000Z' });
    for (const command of [takeOver, handOver]) {
      const refused = t.apply(command);
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.rule).toBe('R35');
        expect(refused.error.message).toMatch(/ended.*shared as a record/);
      }
    }
  });

  it('R35: a takeover naming no laptop, no line or no hash is refused', () => {
    const t = TestTable.start({ players: 2 });
    for (const bad of [
      { ...takeOver, from: 'laptop' },
      { ...takeOver, line: 0 },
      { ...takeOver, hash: 'xyz' },
    ] as EngineCommand[]) {
      const refused = t.apply(bad);
      expect(refused.ok ? null : refused.error.rule).toBe('R35');
    }
  });
});

describe('R35: handed over', () => {
  it('R35, R12: as at the end of a deal, the deck in play is retired with its seed revealed and no new deck is shuffled', () => {
    const t = tableWith({ players: 3, cards: ['4', 'J'] });
    t.must({ type: 'bet', amount: 1 });
    const seed = t.state.deck?.seed;
    const events = t.must(handOver);
    expect(events.find((e) => e.type === 'deck-retired')).toMatchObject({ seed });
    expect(types(events)).not.toContain('deck-shuffled');
    expect(t.state.deck).toBeNull();
    // The new holder's takeover needs the new deck at once: the deal is under way.
    expect(types(t.must(takeOver))).not.toContain('deck-lost');
    expect(t.state.phase.kind).toBe('cut');
  });

  it('R35: refused while a turn is in play, in the cut and in the draw, saying what to finish', () => {
    const inTurn = tableWith({ players: 3, cards: ['4', 'J'] });
    const refused = inTurn.apply(handOver);
    expect(refused.ok ? null : refused.error.message).toMatch(/finish or void the turn first \(R35\)/);
    const inCut = TestTable.start({ players: 2 });
    const draw = inCut.apply(handOver);
    expect(draw.ok ? null : draw.error.message).toMatch(/not during the draw for the first dealer.*\(R35\)/);
    inCut.drawDealer(0);
    inCut.must({ type: 'deal' });
    const cut = inCut.apply(handOver);
    expect(cut.ok ? null : cut.error.message).toMatch(/not during the cut.*\(R35\)/);
    expect(inCut.state.phase.kind).toBe('cut');
  });
});
