import { describe, expect, it } from 'vitest';
import { tableEdgeCrossing, type ChipCode, type Account } from './chips';

const move = (code: ChipCode, from: Account, to: Account) => ({ code, from, to });

describe('R24: which chips count as chips in or chips out of the table', () => {
  it('a buy-in and a carried pot come in; a cash-out and a pot carried to the next night go out', () => {
    expect(tableEdgeCrossing(move('buy-in', 'bank', 'player:ana'))).toEqual({ direction: 'in', side: 'player:ana', sign: 1 });
    expect(tableEdgeCrossing(move('carry-in', 'bank', 'pot'))).toEqual({ direction: 'in', side: 'pot', sign: 1 });
    expect(tableEdgeCrossing(move('cash-out', 'player:ana', 'bank'))).toEqual({ direction: 'out', side: 'player:ana', sign: 1 });
    expect(tableEdgeCrossing(move('carry-out', 'pot', 'bank'))).toEqual({ direction: 'out', side: 'pot', sign: 1 });
  });

  it('chips that stay on the table (antes, bets, wins) count in neither total', () => {
    expect(tableEdgeCrossing(move('ante', 'player:ana', 'pot'))).toBeNull();
    expect(tableEdgeCrossing(move('win', 'pot', 'player:ana'))).toBeNull();
    expect(tableEdgeCrossing(move('reversal', 'pot', 'player:ana'))).toBeNull();
  });

  it('R21: a reversal takes back from the total of what it reverses: undoing a cash-out is not a buy-in', () => {
    // A reversed cash-out runs bank -> player, the way a buy-in would.
    expect(tableEdgeCrossing(move('reversal', 'bank', 'player:ana'))).toEqual({ direction: 'out', side: 'player:ana', sign: -1 });
    expect(tableEdgeCrossing(move('reversal', 'player:ana', 'bank'))).toEqual({ direction: 'in', side: 'player:ana', sign: -1 });
  });
});
