import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './keepUnchanged';

describe('a new view keeps the parts that did not change', () => {
  const before = {
    night: {
      stateId: 1,
      pot: 10,
      players: [
        { id: 'a', stack: 5 },
        { id: 'b', stack: 7 },
      ],
      turns: [{ n: 1 }],
    },
    roster: [{ id: 'a' }],
  };

  it('a view equal to the last one is the last one itself (nothing for the screen to redo)', () => {
    expect(keepUnchanged(before, structuredClone(before))).toBe(before);
  });

  it('a changed stack is new, along with what holds it; the other player, the turns and the roster stay the same objects', () => {
    const next = structuredClone(before);
    next.night.players[1]!.stack = 9;
    const kept = keepUnchanged(before, next);
    expect(kept).toEqual(next);
    expect(kept.night).not.toBe(before.night);
    expect(kept.night.players).not.toBe(before.night.players);
    expect(kept.night.players[0]).toBe(before.night.players[0]);
    expect(kept.night.players[1]).not.toBe(before.night.players[1]);
    expect(kept.night.turns).toBe(before.night.turns);
    expect(kept.roster).toBe(before.roster);
  });

  it('a key added or removed, an array grown or shrunk, null in place of an object: the new value', () => {
    expect(keepUnchanged({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(keepUnchanged({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    expect(keepUnchanged([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(keepUnchanged([1, 2, 3], [1, 2])).toEqual([1, 2]);
    expect(keepUnchanged({ a: { b: 1 } }, { a: null })).toEqual({ a: null });
    expect(keepUnchanged({ a: [1] }, { a: { 0: 1 } })).toEqual({ a: { 0: 1 } });
  });
});
