import { describe, expect, it } from 'vitest';
import type { EngineCommand } from '../engine';
import { TestTable, tableWith } from '../engine/testing/kit';
import { seatingHistory } from './seating';

/** The export's seating over the night (R31, R32) as changes and their undoing (R21) leave it. */

const seat = (id: string, after: string): EngineCommand => ({
  type: 'seat',
  playerId: id,
  name: id.toUpperCase(),
  afterPlayerId: after,
  buyIn: 10,
});
const lastSeating = (table: TestTable) => seatingHistory(table.events).at(-1);

/** Deals the next turn and plays it to its end (betting 1, calling what is asked): back between turns. */
function playTurn(table: TestTable): void {
  const turns = table.state.turnCount;
  for (let guard = 0; guard < 20 && (table.state.turnCount === turns || table.state.phase.kind !== 'ready'); guard++) {
    const phase = table.state.phase.kind;
    if (phase === 'ready') table.must({ type: 'deal' });
    else if (phase === 'cut') table.must({ type: 'cut', cut: 0 });
    else if (phase === 'bet') table.must({ type: 'bet', amount: 1 });
    else if (phase === 'pair-call') table.must({ type: 'pair-call', call: table.state.turn?.posts[0]?.[0] === 'A' ? 'lower' : 'higher' });
    else table.must({ type: 'ace-call', call: 'high' });
  }
}

describe('export seating with undo (R21, R31, R32)', () => {
  it('R21, R31: a newcomer whose seating is undone is not in the seating from the next turn on', () => {
    const table = tableWith({ players: 3, startingChips: 30, dealer: 0, cards: ['4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    table.must(seat('zed', 'p1'));
    table.must({ type: 'undo' });
    table.must({ type: 'deal' });
    expect(lastSeating(table)?.order).toEqual(['p0', 'p1', 'p2']);
    expect(seatingHistory(table.events)).toHaveLength(1);
  });

  it('R21, R31: a newcomer seated again under the same id after an undo is listed once, where they sit now', () => {
    const table = tableWith({ players: 3, startingChips: 30, dealer: 0, cards: ['4', 'T', '7', '4', 'T', '7'] });
    table.must({ type: 'bet', amount: 1 });
    table.must(seat('zed', 'p1'));
    table.must({ type: 'undo' });
    table.must({ type: 'deal' });
    table.must({ type: 'bet', amount: 1 });
    table.must(seat('zed', 'p2'));
    expect(lastSeating(table)?.order).toEqual(['p0', 'p1', 'p2', 'zed']);
    expect(lastSeating(table)?.order).toEqual(table.state.players.map((p) => p.id));
  });

  it('R21, R31, R32: an undone move, sit-out or come-back leaves the seating as it was; every entry matches the table', () => {
    const table = TestTable.start({ players: 4, startingChips: 30 });
    table.drawDealer(0);
    table.must({ type: 'move', playerId: 'p3', afterPlayerId: 'p0' });
    table.must({ type: 'undo' });
    table.must({ type: 'sit-out', playerId: 'p2' });
    table.must({ type: 'undo' });
    playTurn(table);
    table.must({ type: 'sit-out', playerId: 'p3' });
    playTurn(table);
    table.must({ type: 'come-back', playerId: 'p3' });
    table.must({ type: 'undo' });
    playTurn(table);
    const history = seatingHistory(table.events);
    expect(history.map((e) => [e.beforeTurn, e.order.join(' '), e.sittingOut.join(' ')])).toEqual([
      [1, 'p0 p1 p2 p3', ''],
      [2, 'p0 p1 p2 p3', 'p3'],
    ]);
    expect(lastSeating(table)?.sittingOut).toEqual(table.state.players.filter((p) => p.sittingOut).map((p) => p.id));
  });
});
