import { describe, expect, it } from 'vitest';
import { rankOf } from '../../shared/cards';
import { applyCommand, betLimits, conservationProblem, type EngineCommand } from './decide';
import type { EngineEvent } from './events';
import { replay } from './evolve';
import { oddsBeyond } from './odds';
import { TestTable, tableWith, type TableOptions } from './testing/kit';

/**
 * The house settings beyond the seed (docs/rules.md R26-R33): each off by default,
 * each refusing what the rules forbid with an error naming the rule.
 */

/** Applies a command that must be refused; checks nothing changed at all. */
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
/** 2 players, 20 chips each, ante 5: stacks 15, pot 10; Ann (p0) deals, Bob (p1) plays first. */
const rich: TableOptions = { players: 2, startingChips: 20, settings: { ante: 5 } };
const seat = (id: string, after: string, buyIn = 10): EngineCommand => ({
  type: 'seat',
  playerId: id,
  name: id.toUpperCase(),
  afterPlayerId: after,
  buyIn,
});

describe('R26 passing', () => {
  it('R26: with pass on, a player asked to bet passes: no third card, no chips, the turn counts', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, pass: true }, cards: ['4', 'T', '7'] });
    const before = { stacks: table.state.stacks, pot: table.state.pot };
    const events = table.must({ type: 'pass' });
    const turn = table.state.turn;
    expect(turn?.outcome).toBe('pass');
    expect(turn?.bet).toBeNull();
    expect(turn?.third).toBeNull();
    expect(turn?.odds).toEqual({ winners: 20, remaining: 50 });
    expect(turn?.limit).toBe(10);
    expect(chipEvents(events)).toEqual([]);
    expect({ stacks: table.state.stacks, pot: table.state.pot }).toEqual(before);
    // R20: the two cards went to the discards, no third was turned; R8: the turn was played, the dealer (Ann) is next.
    expect(table.state.deck?.position).toBe(2);
    expect(table.state.players[table.state.toActSeat ?? -1]?.id).toBe('p0');
  });

  it('R26: with pass off (the default), passing is refused, naming the rule', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    const error = refused(table, { type: 'pass' }, 'rule-off', 'R26');
    expect(error.message).toContain('bet at least 1');
  });

  it('R26: passing is only for a bet asked', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, pass: true }, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    refused(table, { type: 'pass' }, 'wrong-phase');
  });
});

describe('R27 bet limits', () => {
  it('R27: maxBet caps a bet below the pot and the stack; "pot" bets the cap; the cap is recorded with the turn', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, maxBet: 3 }, cards: ['4', 'T', '7'] });
    expect(betLimits(table.state)).toEqual({ min: 1, max: 3, cap: 'max-bet' });
    const error = refused(table, { type: 'bet', amount: 4 }, 'bet-above-limit', 'R27');
    expect(error.message).toContain('bet 1 to 3');
    expect(table.state.turn?.limit).toBe(3);
    expect(table.state.turn?.odds).toEqual({ winners: 20, remaining: 50 }); // the odds shown are unchanged
    table.must({ type: 'bet', amount: 'pot' });
    expect(table.state.turn?.bet).toBe(3);
  });

  it('R27: a maxBet above the pot changes nothing: the pot still limits the bet (R17)', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, maxBet: 50 }, cards: ['4', 'T', '7'] });
    expect(betLimits(table.state)).toEqual({ min: 1, max: 10, cap: null });
    refused(table, { type: 'bet', amount: 11 }, 'bet-above-pot', 'R17');
  });

  it('R27: in a half-pot first round a bet is at most half the pot until everyone then playing has had a turn', () => {
    // Pairs and consecutive cards are redealt, so every turn asks for a bet.
    const settings = { ante: 5, firstRound: 'half-pot', pair: 'redeal', consecutive: 'redeal' } as const;
    const table = tableWith({ players: 3, startingChips: 20, settings, cards: ['4', 'T', '7'] });
    // Pot 15: half is 7.
    expect(betLimits(table.state)).toEqual({ min: 1, max: 7, cap: 'half-pot' });
    const error = refused(table, { type: 'bet', amount: 8 }, 'bet-above-limit', 'R27');
    expect(error.message).toContain('half the pot');
    table.must({ type: 'bet', amount: 'pot' });
    expect(table.state.turn?.bet).toBe(7);
    expect(table.state.turn?.limit).toBe(7);
    table.must({ type: 'deal' }); // Cat: the pot holds 8 or 22, at most half
    expect(betLimits(table.state)).toEqual({ min: 1, max: Math.floor(table.state.pot / 2), cap: 'half-pot' });
    table.must({ type: 'bet', amount: 1 });
    table.must({ type: 'deal' }); // Ann, the dealer: the last of the first round
    expect(betLimits(table.state)?.cap).toBe('half-pot');
    table.must({ type: 'bet', amount: 1 });
    table.dealWith(['*']); // a new deal: everyone has had a turn, bets are open again
    expect(betLimits(table.state)).toEqual({ min: 1, max: Math.min(table.state.pot, table.stack('p1')), cap: null });
  });

  it('R27: the half-pot cap is at least 1 chip', () => {
    const table = tableWith({ players: 2, startingChips: 10, settings: { ante: 1, firstRound: 'half-pot' }, cards: ['4', 'T', '7'] });
    expect(table.state.pot).toBe(2);
    expect(betLimits(table.state)).toEqual({ min: 1, max: 1, cap: 'half-pot' });
  });

  it('R27: a correction keeps to the limits in force when the bet was asked (R21)', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, maxBet: 3 }, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    refused(table, { type: 'correct-bet', amount: 4 }, 'bet-above-limit', 'R27');
    table.must({ type: 'correct-bet', amount: 3 });
    expect(table.state.turn?.bet).toBe(3);
  });
});

describe('R28 ante every deal', () => {
  it('R28: every deal after the first begins with an ante, before the new deck is committed; the first deal has R4 only', () => {
    const table = tableWith({ players: 2, startingChips: 20, settings: { anteWhen: 'every-deal' }, cards: ['4', 'T', '7', '4', 'T', '7'] });
    expect(table.state.pot).toBe(2); // R4's ante, once
    table.must({ type: 'bet', amount: 1 }); // Bob wins 1: pot 1
    table.must({ type: 'deal' });
    table.must({ type: 'bet', amount: 1 }); // Ann wins 1: pot 0, the deal passes: no re-ante, the next deal's ante refills it
    expect(table.state.pot).toBe(0);
    expect(table.state.announcements.some((a) => a.kind === 're-ante')).toBe(false);
    const events = table.must({ type: 'deal' });
    const anteAt = events.findIndex((e) => e.type === 'chips' && e.move.code === 'ante');
    const shuffledAt = events.findIndex((e) => e.type === 'deck-shuffled');
    expect(anteAt).toBeGreaterThan(-1);
    expect(anteAt).toBeLessThan(shuffledAt);
    expect(chipEvents(events).filter((e) => e.move.code === 'ante')).toHaveLength(2); // one ante each, not two
    expect(table.state.pot).toBe(2);
  });

  it('R28: with empty-pot (the default) the same night re-antes at once and the next deal has no ante', () => {
    const table = tableWith({ players: 2, startingChips: 20, cards: ['4', 'T', '7', '4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    table.must({ type: 'deal' });
    table.must({ type: 'bet', amount: 1 });
    expect(table.state.pot).toBe(2);
    expect(table.state.announcements.some((a) => a.kind === 're-ante')).toBe(true);
    const events = table.must({ type: 'deal' });
    expect(chipEvents(events)).toEqual([]);
  });

  it('R28: a pot emptied mid-deal is still re-anted at once (R5)', () => {
    const table = tableWith({ players: 3, startingChips: 20, settings: { anteWhen: 'every-deal' }, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 'pot' }); // Bob takes the whole pot on the deal's first turn
    expect(table.state.pot).toBe(3);
    expect(table.state.announcements.some((a) => a.kind === 're-ante')).toBe(true);
  });
});

describe('R29 pair called high or low', () => {
  const highLow = { ...rich, settings: { ante: 5, pair: 'high-low' as const } };

  it('R29: on a pair no chips move; the call shows its exact chance; beyond the pair wins', () => {
    const table = tableWith({ ...highLow, cards: ['7', '7', '9'] });
    expect(table.state.phase.kind).toBe('pair-call');
    refused(table, { type: 'bet', amount: 1 }, 'wrong-phase');
    const stacks = table.state.stacks;
    table.must({ type: 'pair-call', call: 'higher' });
    expect(table.state.stacks).toBe(stacks);
    const remaining = table.remainingCards();
    expect(table.state.turn?.odds).toEqual({ winners: remaining.filter((c) => rankOf(c) > 7).length, remaining: remaining.length });
    expect(table.state.turn?.odds).toEqual({ winners: 28, remaining: 50 });
    expect(table.state.turn?.call).toBe('higher');
    table.must({ type: 'bet', amount: 2 });
    expect(table.state.turn?.outcome).toBe('win');
    expect(table.stack('p1')).toBe(17);
  });

  it('R29: called lower, a higher third card loses; the same rank as the pair is a post (postPays)', () => {
    const lower = tableWith({ ...highLow, cards: ['7', '7', '9'] });
    lower.must({ type: 'pair-call', call: 'lower' });
    expect(lower.state.turn?.odds).toEqual(oddsBeyond(7, 'lower', { cards: lower.remainingCards(), position: 0 }));
    lower.must({ type: 'bet', amount: 2 });
    expect(lower.state.turn?.outcome).toBe('lose');
    const post = tableWith({ ...highLow, settings: { ...highLow.settings, postPays: 2 }, cards: ['7', '7', '7'] });
    post.must({ type: 'pair-call', call: 'higher' });
    post.must({ type: 'bet', amount: 2 });
    expect(post.state.turn?.outcome).toBe('post');
    expect(post.stack('p1')).toBe(11);
  });

  it('R29: a pair of aces can only be called lower, a pair of 2s only higher', () => {
    const aces = tableWith({ ...highLow, cards: ['A', 'A', '5'] });
    const error = refused(aces, { type: 'pair-call', call: 'higher' }, 'bad-pair-call', 'R29');
    expect(error.message).toContain('lower');
    aces.must({ type: 'pair-call', call: 'lower' });
    const twos = tableWith({ ...highLow, cards: ['2', '2', '5'] });
    refused(twos, { type: 'pair-call', call: 'lower' }, 'bad-pair-call', 'R29');
    twos.must({ type: 'pair-call', call: 'higher' });
    twos.must({ type: 'bet', amount: 1 });
    expect(twos.state.turn?.outcome).toBe('win');
  });

  it('R29: with aceLowChoice the ace is called first: low and an ace is no pair, high and an ace is', () => {
    const settings = { ante: 5, pair: 'high-low' as const, aceLowChoice: true };
    const low = tableWith({ ...rich, settings, cards: ['A', 'A', '5'] });
    low.must({ type: 'ace-call', call: 'low' });
    expect(low.state.phase.kind).toBe('bet');
    const high = tableWith({ ...rich, settings, cards: ['A', 'A', '5'] });
    high.must({ type: 'ace-call', call: 'high' });
    expect(high.state.phase.kind).toBe('pair-call');
  });

  it('R29: after the call the player may pass (R26) and the bet keeps to R27', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, pair: 'high-low', pass: true, maxBet: 2 }, cards: ['7', '7', '9'] });
    table.must({ type: 'pair-call', call: 'higher' });
    expect(table.state.turn?.limit).toBe(2);
    refused(table, { type: 'bet', amount: 3 }, 'bet-above-limit', 'R27');
    table.must({ type: 'pass' });
    expect(table.state.turn).toMatchObject({ outcome: 'pass', call: 'higher', bet: null, limit: 2 });
  });
});

describe('R30 post penalty', () => {
  it('R30: postPays 3 loses three times the bet on the post', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, postPays: 3 }, cards: ['4', 'T', '4'] });
    table.must({ type: 'bet', amount: 2 });
    expect(table.state.turn?.outcome).toBe('post');
    expect(table.stack('p1')).toBe(9);
    expect(table.state.pot).toBe(16);
  });

  it('R30: the post penalty is capped at the stack', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, postPays: 3 }, cards: ['4', 'T', 'T'] });
    table.must({ type: 'bet', amount: 10 });
    expect(table.stack('p1')).toBe(0);
    expect(table.state.pot).toBe(25);
  });
});

describe('R31 joining late and changing seats', () => {
  it("R31: a newcomer seated before a deal's first turn buys in, antes at once and plays in that deal", () => {
    const table = TestTable.start({ players: 2, startingChips: 20 });
    table.drawDealer(0);
    const events = table.must(seat('zed', 'p0', 10)); // on Ann's (the dealer's) left
    expect(table.state.players.map((p) => p.id)).toEqual(['p0', 'zed', 'p1']);
    expect(table.state.players.map((p) => p.seat)).toEqual([0, 1, 2]);
    expect(chipEvents(events).map((e) => [e.move.code, e.move.amount])).toEqual([
      ['buy-in', 10],
      ['ante', 1],
    ]);
    expect(table.state.pot).toBe(3);
    expect(table.state.boughtIn.zed).toBe(10);
    // R8: the player now on the dealer's left starts the deal.
    table.must({ type: 'deal' });
    table.must({ type: 'cut', cut: 0 });
    expect(table.state.turn?.playerId).toBe('zed');
    expect(conservationProblem(table.state)).toBeNull();
  });

  it("R31: a newcomer seated during a deal waits for the next one; the current deal's order does not change", () => {
    const settings = { pair: 'redeal', consecutive: 'redeal' } as const;
    const table = tableWith({ players: 3, startingChips: 20, settings, dealer: 0, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 }); // Bob (p1) has played the deal's first turn
    table.must(seat('zed', 'p1'));
    expect(table.state.players.map((p) => p.id)).toEqual(['p0', 'p1', 'zed', 'p2']);
    const order: string[] = [];
    for (let i = 0; i < 2; i++) {
      table.must({ type: 'deal' });
      order.push(table.state.turn?.playerId ?? '');
      table.must({ type: 'bet', amount: 1 });
    }
    expect(order).toEqual(['p2', 'p0']);
    // The deal passes to Bob, on Ann's left; Zed, on Bob's left, plays first.
    table.must({ type: 'deal' });
    table.must({ type: 'cut', cut: 0 });
    expect(table.state.turn).toMatchObject({ playerId: 'zed', dealerId: 'p1' });
  });

  it('R31: a newcomer is not seated mid-turn, twice, or with chips not above the ante', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    const error = refused(table, seat('zed', 'p0'), 'wrong-phase', 'R31');
    expect(error.message).toContain('between turns');
    table.must({ type: 'bet', amount: 1 });
    refused(table, seat('zed', 'p0', 5), 'starting-chips-too-few', 'R31');
    refused(table, seat('p1', 'p0'), 'duplicate-player', 'R31');
    refused(table, { type: 'seat', playerId: 'zed', name: 'bob', afterPlayerId: 'p0', buyIn: 10 }, 'duplicate-player', 'R31');
    refused(table, seat('zed', 'nobody'), 'unknown-player');
    table.must(seat('zed', 'p0'));
    refused(table, seat('zed', 'p1'), 'duplicate-player', 'R31');
  });

  it("R31: while no deal is under way a player moves seats; the one now on the dealer's left starts", () => {
    const table = TestTable.start({ players: 4, startingChips: 20 });
    table.drawDealer(0);
    table.must({ type: 'move', playerId: 'p3', afterPlayerId: 'p0' });
    expect(table.state.players.map((p) => p.id)).toEqual(['p0', 'p3', 'p1', 'p2']);
    expect(table.state.players[table.state.dealerSeat ?? -1]?.id).toBe('p0');
    table.must({ type: 'deal' });
    table.must({ type: 'cut', cut: 0 });
    expect(table.state.turn?.playerId).toBe('p3');
    if (table.state.phase.kind === 'bet') table.must({ type: 'bet', amount: 1 });
    // The deal is under way now: nobody moves until its last turn.
    const error = refused(table, { type: 'move', playerId: 'p1', afterPlayerId: 'p2' }, 'wrong-phase', 'R31');
    expect(error.message).toContain('deal is under way');
  });

  it('R31: seating and moving replay to the same state', () => {
    const table = tableWith({ players: 3, startingChips: 20, dealer: 1, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    table.must(seat('zed', 'p0'));
    for (let i = 0; i < 6; i++) {
      table.must({ type: 'deal' });
      if (table.state.phase.kind === 'cut') table.must({ type: 'cut', cut: 3 });
      if (table.state.phase.kind === 'bet') table.must({ type: 'bet', amount: 1 });
    }
    expect(replay(table.events)).toEqual(table.state);
  });
});

describe('R32 sitting out', () => {
  it('R32: a player sitting out keeps their chips and is skipped: no turns, no antes, no deal', () => {
    const table = tableWith({ players: 3, startingChips: 10, settings: { ante: 2 }, dealer: 0, cards: ['4', 'T', '7', '5', 'J', '8'] });
    table.must({ type: 'bet', amount: 1 }); // Bob wins 1
    table.must({ type: 'sit-out', playerId: 'p2' });
    const catChips = table.stack('p2');
    expect(table.state.players.find((p) => p.id === 'p2')?.sittingOut).toBe(true);
    // Cat is skipped: Ann (the dealer) plays, and the deal passes to Bob.
    table.must({ type: 'deal' });
    expect(table.state.turn?.playerId).toBe('p0');
    table.must({ type: 'bet', amount: 'pot' }); // Ann takes the whole pot: the re-ante leaves Cat out
    const reAnte = table.state.announcements.find((a) => a.kind === 're-ante');
    expect(reAnte?.playerIds).toEqual(['p0', 'p1']);
    expect(table.stack('p2')).toBe(catChips);
    expect(table.state.players[table.state.dealerSeat ?? -1]?.id).toBe('p1');
  });

  it('R32: the player whose turn it is cannot sit out; nobody sits out mid-turn', () => {
    const table = tableWith({ players: 3, startingChips: 20, dealer: 0, cards: ['4', 'T', '7'] });
    const error = refused(table, { type: 'sit-out', playerId: 'p1' }, 'player-busy', 'R32');
    expect(error.message).toContain('Bob');
    refused(table, { type: 'sit-out', playerId: 'p2' }, 'wrong-phase', 'R32');
  });

  it('R32: the player due next sits out between turns: the turn moves on to the next one', () => {
    const table = tableWith({ players: 3, startingChips: 20, dealer: 0, cards: ['4', 'T', '7', '4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    table.must({ type: 'sit-out', playerId: 'p2' });
    table.must({ type: 'deal' });
    expect(table.state.turn?.playerId).toBe('p0');
  });

  it('R32: a night needs 2 players with chips who are not sitting out; coming back lets play go on', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7', '4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    table.must({ type: 'sit-out', playerId: 'p1' });
    refused(table, { type: 'sit-out', playerId: 'p1' }, 'already-sitting-out', 'R32');
    refused(table, { type: 'deal' }, 'not-enough-players', 'R6');
    refused(table, { type: 'come-back', playerId: 'p0' }, 'not-sitting-out', 'R32');
    table.must({ type: 'come-back', playerId: 'p1' });
    table.must({ type: 'deal' });
    expect(table.state.phase.kind).toBe('bet');
  });

  it('R32: a pot left at the end is shared by players sitting out too (R22)', () => {
    const table = tableWith({ players: 3, startingChips: 10, settings: { ante: 2 }, dealer: 0, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    table.must({ type: 'sit-out', playerId: 'p2' });
    const events = table.must({ type: 'end', at: 'end' });
    const split = chipEvents(events).filter((e) => e.move.code === 'pot-split');
    expect(split.map((e) => e.move.player)).toContain('p2');
  });
});

describe('R21 undoing a seating change (R31, R32)', () => {
  /** Everything the table shows: the state but for the command's own bookkeeping. */
  const tableOf = (table: TestTable) => {
    const { stateId: _id, lastAction: _last, announcements: _said, ...shown } = table.state;
    return structuredClone(shown);
  };

  it('R21, R31: undoing a newcomer reverses their buy-in and ante and unseats them; the turn is back with whoever had it', () => {
    const table = TestTable.start({ players: 2, startingChips: 20 });
    table.drawDealer(0);
    const before = tableOf(table);
    table.must(seat('zed', 'p0', 10)); // on the dealer's left: Zed would start the deal
    expect(table.state.players[table.state.toActSeat ?? -1]?.id).toBe('zed');
    const events = table.must({ type: 'undo' });
    expect(chipEvents(events).map((e) => [e.move.code, e.move.amount, e.move.from, e.move.to])).toEqual([
      ['reversal', 1, 'pot', 'player:zed'],
      ['reversal', 10, 'player:zed', 'bank'],
    ]);
    expect(tableOf(table)).toEqual(before);
    expect(table.state.players[table.state.toActSeat ?? -1]?.id).toBe('p1');
    expect(table.state.announcements.at(-1)).toMatchObject({ kind: 'undo', playerId: 'zed', amount: 10 });
    // Undone once: a second undo has nothing to undo; and the night replays to the same state.
    refused(table, { type: 'undo' }, 'nothing-to-undo', 'R21');
    expect(replay(table.events)).toEqual(table.state);
    // The same newcomer can sit down again.
    table.must(seat('zed', 'p1', 12));
    expect(table.state.players.map((p) => p.id)).toEqual(['p0', 'p1', 'zed']);
  });

  it('R21, R31: undoing a move puts the player back in their seat and the first turn back with who had it', () => {
    const table = TestTable.start({ players: 4, startingChips: 20 });
    table.drawDealer(0);
    const before = tableOf(table);
    table.must({ type: 'move', playerId: 'p3', afterPlayerId: 'p0' });
    expect(table.state.players.map((p) => p.id)).toEqual(['p0', 'p3', 'p1', 'p2']);
    table.must({ type: 'undo' });
    expect(tableOf(table)).toEqual(before);
    expect(table.state.announcements.at(-1)).toMatchObject({ kind: 'player-moved', playerId: 'p3' });
  });

  it('R21, R32: undoing a sit-out gives the turn back; undoing a come-back sits the player out again', () => {
    const table = tableWith({ players: 3, startingChips: 20, dealer: 0, cards: ['4', 'T', '7', '4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 }); // Bob played: Cat is next
    const before = tableOf(table);
    table.must({ type: 'sit-out', playerId: 'p2' });
    expect(table.state.players[table.state.toActSeat ?? -1]?.id).toBe('p0');
    table.must({ type: 'undo' });
    expect(tableOf(table)).toEqual(before);
    expect(table.state.players[table.state.toActSeat ?? -1]?.id).toBe('p2');
    expect(table.state.announcements.at(-1)).toMatchObject({ kind: 'came-back', playerId: 'p2' });
    table.must({ type: 'sit-out', playerId: 'p1' });
    const out = tableOf(table);
    table.must({ type: 'come-back', playerId: 'p1' });
    table.must({ type: 'undo' });
    expect(tableOf(table)).toEqual(out);
    expect(table.state.players.find((p) => p.id === 'p1')?.sittingOut).toBe(true);
    expect(replay(table.events)).toEqual(table.state);
  });

  it('R21: a seating change is not undone once anything else was recorded (a deal, a cut): refused by name, nothing changes', () => {
    const table = TestTable.start({ players: 3, startingChips: 20 });
    table.drawDealer(0);
    table.must(seat('zed', 'p0', 10));
    table.must({ type: 'deal' }); // the new deal's deck is shuffled and waits for its cut, made by the seating with Zed in it
    const error = refused(table, { type: 'undo' }, 'seating-undo-too-late', 'R21');
    expect(error.message).toContain('ZED');
    expect(error.params).toEqual({ player: 'ZED', change: 'seat' });
    table.must({ type: 'cut', cut: 0 });
    refused(table, { type: 'undo' }, 'seating-undo-too-late', 'R21');
  });
});

describe('R33 reopening a night', () => {
  it('R33: reopening reverses the split by new entries; the pot stands as it was and play goes on', () => {
    const table = tableWith({ players: 3, startingChips: 10, settings: { ante: 2 }, dealer: 1, cards: ['4', 'T', '2'] });
    table.must({ type: 'bet', amount: 2 });
    const before = { stacks: table.state.stacks, pot: table.state.pot };
    table.must({ type: 'end', at: 'first end' });
    expect(table.state.pot).toBe(0);
    const entriesBefore = chipEvents(table.events).length;
    const events = table.must({ type: 'reopen', at: 'reopened' });
    const reversals = chipEvents(events);
    expect(reversals).toHaveLength(3);
    expect(reversals.every((e) => e.move.code === 'reversal' && e.move.reverses !== undefined)).toBe(true);
    expect(chipEvents(table.events).length).toBe(entriesBefore + 3); // nothing deleted
    expect({ stacks: table.state.stacks, pot: table.state.pot }).toEqual(before);
    expect(table.state).toMatchObject({ endedAt: null, reopened: 1 });
    expect(table.state.phase.kind).toBe('ready');
    table.must({ type: 'deal' });
    table.must({ type: 'cut', cut: 0 });
    expect(['bet', 'ready', 'pair-call', 'ace-call']).toContain(table.state.phase.kind);
    expect(conservationProblem(table.state)).toBeNull();
    expect(replay(table.events)).toEqual(table.state);
  });

  it('R33: a carried pot comes back to the table when the night is reopened', () => {
    const table = tableWith({ ...rich, settings: { ante: 5, potAtEnd: 'carry' }, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    table.must({ type: 'end', at: 'end' });
    expect(table.state.carriedOut).toBe(9);
    table.must({ type: 'reopen', at: 'again' });
    expect(table.state.carriedOut).toBe(0);
    expect(table.state.pot).toBe(9);
  });

  it('R33: only an ended night is reopened', () => {
    const table = tableWith({ ...rich, cards: ['4', 'T', '7'] });
    refused(table, { type: 'reopen', at: 'now' }, 'wrong-phase');
    const start = applyCommand(table.state, { type: 'reopen', at: 'now' });
    expect(start.ok).toBe(false);
  });
});
