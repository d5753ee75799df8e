import { describe, expect, it } from 'vitest';
import type { EngineCommand } from './decide';
import { cutterSeat, dueToAct } from './flow';
import { replay } from './evolve';
import { TestTable, startCommand } from './testing/kit';

/**
 * The game's flow (docs/rules.md R8, R11, R32): who acts next when players
 * sit out and come back between turns. Four players, Ann (p0) deals: the
 * turn order of her deal is Bob, Cat, Dan, then Ann.
 */

/** The start of a night, played by `revision` when given (today's when not). */
function startAt(players: number, revision?: number): EngineCommand {
  const start = startCommand({ players, startingChips: 40 });
  return start.type === 'start' && revision !== undefined ? { ...start, revision } : start;
}

function tableOfFour(revision?: number): TestTable {
  const table = new TestTable('flow');
  table.must(startAt(4, revision));
  return table.drawDealer(0);
}

/** Deals the next turn and plays it to its end (betting 1, calling what is asked); returns who played it. */
function playTurn(table: TestTable): string {
  const turns = table.state.turnCount;
  for (let guard = 0; guard < 20 && (table.state.turnCount === turns || table.state.phase.kind !== 'ready'); guard++) {
    const phase = table.state.phase.kind;
    if (phase === 'ready') table.must({ type: 'deal' });
    else if (phase === 'cut') table.must({ type: 'cut', cut: 0 });
    else if (phase === 'bet') table.must({ type: 'bet', amount: 1 });
    else if (phase === 'pair-call') table.must({ type: 'pair-call', call: table.state.turn?.posts[0]?.[0] === 'A' ? 'lower' : 'higher' });
    else table.must({ type: 'ace-call', call: 'high' });
  }
  return table.state.turn?.playerId ?? '';
}

const sitOut = (table: TestTable, playerId: string) => table.must({ type: 'sit-out', playerId });
const comeBack = (table: TestTable, playerId: string) => table.must({ type: 'come-back', playerId });
const dealerOf = (table: TestTable) => table.state.players[table.state.dealerSeat ?? -1]?.id;
const shownToAct = (table: TestTable) => table.state.players[dueToAct(table.state) ?? -1]?.id ?? null;

describe('R32: sitting out and coming back change only who is skipped from then on', () => {
  it('R32: sitting out and coming back between the same two turns changes nothing: Cat keeps her turn', () => {
    const table = tableOfFour();
    expect(playTurn(table)).toBe('p1');
    sitOut(table, 'p2');
    expect(shownToAct(table)).toBe('p3');
    comeBack(table, 'p2');
    expect(shownToAct(table)).toBe('p2');
    expect([playTurn(table), playTurn(table), playTurn(table)]).toEqual(['p2', 'p3', 'p0']);
    expect(replay(table.events)).toEqual(table.state);
  });

  it('R32: a player skipped while sitting out, back before the order reaches the next player, takes their turn in this deal', () => {
    const table = tableOfFour();
    sitOut(table, 'p2');
    expect(playTurn(table)).toBe('p1');
    expect(shownToAct(table)).toBe('p3');
    comeBack(table, 'p2');
    expect([playTurn(table), playTurn(table), playTurn(table)]).toEqual(['p2', 'p3', 'p0']);
    expect(dealerOf(table)).toBe('p1');
  });

  it('R32: back once the order has passed their place, a player waits for the next deal', () => {
    const table = tableOfFour();
    sitOut(table, 'p2');
    expect([playTurn(table), playTurn(table)]).toEqual(['p1', 'p3']);
    comeBack(table, 'p2');
    expect(playTurn(table)).toBe('p0');
    // The deal passed to Bob: Cat, on his left, begins it.
    expect(dealerOf(table)).toBe('p1');
    expect(playTurn(table)).toBe('p2');
  });

  it("R32: the dealer sitting out when due and back before the next turn plays the deal's last turn", () => {
    const table = tableOfFour();
    expect([playTurn(table), playTurn(table), playTurn(table)]).toEqual(['p1', 'p2', 'p3']);
    sitOut(table, 'p0');
    // Nobody of this deal is left: the deal passes with the next turn, unless Ann comes back first.
    expect(shownToAct(table)).toBeNull();
    comeBack(table, 'p0');
    expect(playTurn(table)).toBe('p0');
    expect(dealerOf(table)).toBe('p1');
  });

  it('R32 with R8: a dealer still sitting out when the next turn is dealt is skipped; the deal passes to the player on their left', () => {
    const table = tableOfFour();
    expect([playTurn(table), playTurn(table), playTurn(table)]).toEqual(['p1', 'p2', 'p3']);
    sitOut(table, 'p0');
    expect(playTurn(table)).toBe('p2');
    expect(dealerOf(table)).toBe('p1');
  });

  it("R32: before the deal's first turn, the player on the dealer's left sits out and comes back, at the shuffle's cut too: they begin the deal", () => {
    const table = tableOfFour();
    sitOut(table, 'p1');
    expect(shownToAct(table)).toBe('p2');
    comeBack(table, 'p1');
    table.must({ type: 'deal' });
    expect(table.state.phase.kind).toBe('cut');
    sitOut(table, 'p1');
    comeBack(table, 'p1');
    expect(playTurn(table)).toBe('p1');
  });

  it('R6, R32: a dealer sitting out when their deal is about to begin is passed over: the player on their left deals it', () => {
    const table = tableOfFour();
    expect([playTurn(table), playTurn(table), playTurn(table), playTurn(table)]).toEqual(['p1', 'p2', 'p3', 'p0']);
    expect(dealerOf(table)).toBe('p1');
    sitOut(table, 'p1');
    expect(playTurn(table)).toBe('p3');
    expect(dealerOf(table)).toBe('p2');
    expect(table.events.some((e) => e.type === 'announce' && e.announcement.kind === 'new-deal' && e.announcement.playerId === 'p2')).toBe(
      true,
    );
    expect([playTurn(table), playTurn(table)]).toEqual(['p0', 'p2']);
    expect(replay(table.events)).toEqual(table.state);
  });

  it('R32: a dealer who sits out and comes back before their deal begins deals it as usual', () => {
    const table = tableOfFour();
    expect([playTurn(table), playTurn(table), playTurn(table), playTurn(table)]).toEqual(['p1', 'p2', 'p3', 'p0']);
    sitOut(table, 'p1');
    comeBack(table, 'p1');
    expect(playTurn(table)).toBe('p2');
    expect(dealerOf(table)).toBe('p1');
  });

  it('R32: a night played by revision 1 keeps its own way: sitting out when due and back loses the turn, so it replays as recorded', () => {
    const table = tableOfFour(1);
    expect(playTurn(table)).toBe('p1');
    sitOut(table, 'p2');
    comeBack(table, 'p2');
    expect([playTurn(table), playTurn(table)]).toEqual(['p3', 'p0']);
  });

  it('R32: a night asking for a revision this engine does not know is refused, naming the update', () => {
    const result = new TestTable().apply(startAt(2, 99));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain('revision 99');
  });
});

describe('R6, R8: cashing out is a separate action', () => {
  it('R8, R21: the player due who cashes out hands the turn on; its undo gives it back', () => {
    const table = tableOfFour();
    expect(playTurn(table)).toBe('p1');
    table.must({ type: 'cash-out', playerId: 'p2' });
    expect(shownToAct(table)).toBe('p3');
    table.must({ type: 'undo' });
    expect(shownToAct(table)).toBe('p2');
  });
});

describe('R6: a player with no chips is skipped only until the host records a buy-in', () => {
  /** Four players, Ann deals; Cat has lost every chip to the pot (a state of the pure flow, not played out). */
  function tableWithCatBroke(revision?: number): TestTable {
    const table = tableOfFour(revision);
    const { stacks, pot } = table.state;
    table.state = { ...table.state, stacks: { ...stacks, p2: 0 }, pot: pot + (stacks.p2 ?? 0) };
    return table;
  }

  it("R6: a player who buys in before the deal's turn order reaches their place takes their turn in that deal", () => {
    const table = tableWithCatBroke();
    expect(playTurn(table)).toBe('p1');
    expect(shownToAct(table)).toBe('p3');
    table.must({ type: 'buy-in', playerId: 'p2', amount: 20 });
    expect(shownToAct(table)).toBe('p2');
    expect([playTurn(table), playTurn(table), playTurn(table)]).toEqual(['p2', 'p3', 'p0']);
  });

  it('R6, R21: undoing that buy-in skips the player again', () => {
    const table = tableWithCatBroke();
    playTurn(table);
    table.must({ type: 'buy-in', playerId: 'p2', amount: 20 });
    table.must({ type: 'undo' });
    expect(shownToAct(table)).toBe('p3');
  });

  it("R6: a buy-in after the order has passed the player's place waits for the next deal", () => {
    const table = tableWithCatBroke();
    expect([playTurn(table), playTurn(table)]).toEqual(['p1', 'p3']);
    table.must({ type: 'buy-in', playerId: 'p2', amount: 20 });
    expect(shownToAct(table)).toBe('p0');
  });

  it('R6, R21: the player of a turn just voided keeps the new turn it gives them when a skipped player buys in', () => {
    const table = tableWithCatBroke();
    expect([playTurn(table), playTurn(table)]).toEqual(['p1', 'p3']);
    table.must({ type: 'void-turn' });
    table.must({ type: 'buy-in', playerId: 'p2', amount: 20 });
    expect(shownToAct(table)).toBe('p3');
  });

  it('R6: a night played by revision 2 replays as recorded: the player due stays fixed after a buy-in', () => {
    const table = tableWithCatBroke(2);
    expect(playTurn(table)).toBe('p1');
    table.must({ type: 'buy-in', playerId: 'p2', amount: 20 });
    expect(playTurn(table)).toBe('p3');
  });
});

describe('R11: who cuts', () => {
  it("R11, R32: the player on the dealer's right in the seating now cuts; one sitting out is passed over", () => {
    const table = tableOfFour();
    expect(table.state.players[cutterSeat(table.state) ?? -1]?.id).toBe('p3');
    sitOut(table, 'p3');
    expect(table.state.players[cutterSeat(table.state) ?? -1]?.id).toBe('p2');
  });

  it("R6, R11: a player with no chips on the dealer's right is passed over for the cut", () => {
    const table = tableOfFour();
    // Dan has lost every chip (a state of the pure flow, not played out).
    const busted = { ...table.state, stacks: { ...table.state.stacks, p3: 0 } };
    expect(busted.players[cutterSeat(busted) ?? -1]?.id).toBe('p2');
  });
});
