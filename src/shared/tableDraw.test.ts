import { describe, expect, it } from 'vitest';
import {
  bytesOfHex,
  chainFrom,
  commitmentOf,
  drawFromShoe,
  drawHash,
  freshShoe,
  indexFromDraw,
  isWitnessId,
  LAPTOP_WITNESS,
  revealMatches,
  sha256Hex,
  shoeNeedsRenewal,
} from './tableDraw';

/** docs/rules.md R34's test vector: a laptop and one phone, chains of L = 4. */
const NIGHT = '2026-11-26-abc123';
const PHONE = '00000000000000a1';
const laptopChain = chainFrom(
  Uint8Array.from({ length: 32 }, (_, i) => i),
  4,
);
const phoneChain = chainFrom(
  Uint8Array.from({ length: 32 }, (_, i) => 0x20 + i),
  4,
);
const link = (chain: string[], i: number): string => chain[i] as string;

function drawsOfTheVector(
  reveals = (k: number) => [
    { id: PHONE, value: link(phoneChain, k) },
    { id: LAPTOP_WITNESS, value: link(laptopChain, k) },
  ],
) {
  let shoe = freshShoe(1);
  return [1, 2, 3].map((k) => {
    const r = drawHash(NIGHT, k, reveals(k));
    const size = shoe.length;
    const drawn = drawFromShoe(shoe, r);
    shoe = drawn.left;
    return { r, card: drawn.card, j: drawn.j, size };
  });
}

describe('R34: cards drawn by the table, recomputed as a phone or the checker does', () => {
  it('R34: the test vector: heads, fingerprint, r and the three cards', () => {
    expect(link(laptopChain, 0)).toMatch(/^cefc1232dee44cc5[0-9a-f]{40}d395e2ea$/);
    expect(link(phoneChain, 0)).toMatch(/^0d750589fb8d437c[0-9a-f]{40}d5ff47bc$/);
    const commitment = commitmentOf([
      { id: PHONE, head: link(phoneChain, 0) },
      { id: LAPTOP_WITNESS, head: link(laptopChain, 0) },
    ]);
    expect(commitment.fingerprint).toMatch(/^42cf83f241c218e0[0-9a-f]{38}a607f3ee38$/);
    expect(commitment.heads.map((h) => h.id)).toEqual([LAPTOP_WITNESS, PHONE]);
    const draws = drawsOfTheVector();
    expect(draws.map((d) => d.r.slice(0, 16))).toEqual(['9005e7156e832190', 'ba30be522cf83069', 'ef5ee2d1d0ade0eb']);
    expect(draws.map(({ card, j, size }) => ({ card, j, size }))).toEqual([
      { card: '8D', j: 19, size: 52 },
      { card: '7D', j: 18, size: 51 },
      { card: 'AD', j: 23, size: 50 },
    ]);
  });

  it('R34: each chain link is the hash of the next, and a reveal is accepted only against the head it follows', () => {
    for (let i = 1; i <= 4; i++) {
      expect(sha256Hex(bytesOfHex(link(laptopChain, i)))).toBe(link(laptopChain, i - 1));
      expect(revealMatches(link(laptopChain, i - 1), link(laptopChain, i))).toBe(true);
    }
    // A value two links on, another witness's value, or the head itself is refused.
    expect(revealMatches(link(laptopChain, 0), link(laptopChain, 2))).toBe(false);
    expect(revealMatches(link(laptopChain, 0), link(phoneChain, 1))).toBe(false);
    expect(revealMatches(link(laptopChain, 0), link(laptopChain, 0))).toBe(false);
    expect(revealMatches(link(laptopChain, 0), 'not hex')).toBe(false);
  });

  it('R34: witnesses are hashed sorted by id, whatever order their reveals arrived in', () => {
    const reversed = drawsOfTheVector((k) => [
      { id: LAPTOP_WITNESS, value: link(laptopChain, k) },
      { id: PHONE, value: link(phoneChain, k) },
    ]);
    expect(reversed).toEqual(drawsOfTheVector());
  });

  it('R34: a missing witness or a changed reveal gives another r, so nobody alone picks the card', () => {
    const laptopAlone = drawsOfTheVector((k) => [{ id: LAPTOP_WITNESS, value: link(laptopChain, k) }]);
    const changed = drawsOfTheVector((k) => [
      { id: LAPTOP_WITNESS, value: link(laptopChain, k) },
      { id: PHONE, value: link(laptopChain, k) },
    ]);
    const vector = drawsOfTheVector();
    for (const other of [laptopAlone, changed]) for (let i = 0; i < 3; i++) expect(other[i]?.r).not.toBe(vector[i]?.r);
  });

  it('R34 with R10: j is drawn by rejection from the r stream, uniform over the shoe', () => {
    const r = link(laptopChain, 1);
    expect(indexFromDraw(r, 1)).toBe(0);
    const counts = new Array<number>(5).fill(0);
    for (let k = 1; k <= 5000; k++) counts[indexFromDraw(drawHash(NIGHT, k, [{ id: LAPTOP_WITNESS, value: r }]), 5)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(850);
    expect(() => indexFromDraw(r, 0)).toThrow(RangeError);
  });

  it('R34 with R1, R2, R13: a fresh shoe of n decks in canonical order, copies in sequence, renewed under 3 cards', () => {
    const shoe = freshShoe(2);
    expect(shoe).toHaveLength(104);
    expect([shoe[0], shoe[51], shoe[52], shoe[103]]).toEqual(['2C', 'AS', '2C', 'AS']);
    expect(shoeNeedsRenewal(3)).toBe(false);
    expect(shoeNeedsRenewal(2)).toBe(true);
  });

  it('R34: witness ids are 16 lower-case hex characters, and bad hex is never hashed as something else', () => {
    expect(isWitnessId(LAPTOP_WITNESS)).toBe(true);
    expect(isWitnessId('00000000000000A1')).toBe(false);
    expect(isWitnessId('a1')).toBe(false);
    expect(() => bytesOfHex('0g')).toThrow(TypeError);
    expect(() => drawHash(NIGHT, 0, [])).toThrow(RangeError);
  });
});
