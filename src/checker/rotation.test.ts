import { describe, expect, it } from 'vitest';
import { expectedTurn, isActive, type Eligibility, type Rotation } from './rotation';
import { ChipTable } from './table';

/** Four players clockwise a, b, c, d, 20 chips each; the deal just passed to b (a's deal ended with a's turn). */
function tableOfFour(sittingOut: string[] = []): Eligibility {
  const table = new ChipTable(1);
  for (const id of ['a', 'b', 'c', 'd'])
    table.apply(
      {
        id: `buy-${id}`,
        seq: 0,
        code: 'buy-in',
        player: id,
        amount: 20,
        from: 'bank',
        to: `player:${id}`,
        reverses: null,
        turn: null,
        paid: 'credit',
      },
      null,
    );
  return { seating: { beforeTurn: 1, order: ['a', 'b', 'c', 'd'], sittingOut }, table, fromDeal: new Map() };
}

const dealPassedToB: Rotation = { dealer: 'b', deal: 2, lastPlayer: null, voided: null };

describe('the checker re-judges who deals (R6, R8, R32)', () => {
  it('R8: the deal passed to b: c has the first turn', () => {
    expect(expectedTurn(dealPassedToB, tableOfFour())).toEqual({ dealer: 'b', deal: 2, player: 'c' });
  });

  it("R32: a dealer who sits out before their deal's first turn does not deal it: the player on their left deals", () => {
    expect(expectedTurn(dealPassedToB, tableOfFour(['b']))).toEqual({ dealer: 'c', deal: 2, player: 'd' });
  });

  it("R6, R28: a dealer whose deal's own ante took their last chips still deals it", () => {
    const e = tableOfFour();
    e.table.apply(
      { id: 'ante-b', seq: 4, code: 'ante', player: 'b', amount: 20, from: 'player:b', to: 'pot', reverses: null, turn: null },
      null,
    );
    expect(isActive(e, 'b')).toBe(false);
    expect(expectedTurn(dealPassedToB, e, (id) => id === 'b' || isActive(e, id))).toEqual({ dealer: 'b', deal: 2, player: 'c' });
  });

  it('R21: the player of a voided turn takes a new turn; R6: one who has cashed out since is skipped', () => {
    const voidedByC: Rotation = { dealer: 'b', deal: 2, lastPlayer: null, voided: 'c' };
    const e = tableOfFour();
    expect(expectedTurn(voidedByC, e)?.player).toBe('c');
    e.table.left.add('c');
    expect(expectedTurn(voidedByC, e)).toEqual({ dealer: 'b', deal: 2, player: 'd' });
  });
});
