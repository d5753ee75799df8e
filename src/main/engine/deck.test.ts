import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CARDS_PER_DECK, SUITS, RANK_LETTERS, cardAtCanonicalIndex } from '../../shared/cards';
import {
  SeedStream,
  canonicalDeck,
  commitmentOf,
  cutDeck,
  dealtOrder,
  isSeedHex,
  opensslBlockHash,
  seedBytesOf,
  shuffledDeck,
} from './deck';
import { TEST_VECTOR_SEED, seedFor, tableWith } from './testing/kit';

const top12 = (cards: readonly string[]) => cards.slice(0, 12).join(' ');

describe('the provable deck', () => {
  it('R2: the canonical order is clubs, diamonds, hearts, spades, each 2 up to A', () => {
    const deck = canonicalDeck(1);
    expect(deck).toHaveLength(52);
    expect(deck.slice(0, 13).join(' ')).toBe('2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC');
    expect(deck.slice(13, 15)).toEqual(['2D', '3D']);
    expect(deck.at(-1)).toBe('AS');
    SUITS.forEach((suit, s) => RANK_LETTERS.forEach((rank, r) => expect(deck[s * 13 + r]).toBe(`${rank}${suit}`)));
    expect(new Set(deck).size).toBe(52);
  });

  it('R2: with n decks the copies follow each other in canonical order', () => {
    const deck = canonicalDeck(3);
    expect(deck).toHaveLength(3 * CARDS_PER_DECK);
    expect(deck.slice(52, 104)).toEqual(canonicalDeck(1));
    expect(deck[104]).toBe('2C');
    expect(cardAtCanonicalIndex(51)).toBe('AS');
  });

  it('R9: the commitment of the test vector seed is sha256(seed)', () => {
    expect(TEST_VECTOR_SEED).toBe('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    expect(commitmentOf(TEST_VECTOR_SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('R10/R11: test vector, 1 deck, cut 0', () => {
    expect(top12(dealtOrder(TEST_VECTOR_SEED, 1, 0))).toBe('AS 7S TC 7C TS 5S JC QC AC 3C 2D JD');
  });

  it('R10/R11: test vector, 1 deck, cut 17', () => {
    expect(top12(dealtOrder(TEST_VECTOR_SEED, 1, 17))).toBe('3D 8S 4D 9S 2S 6H KH QD KC 3H 2C AH');
  });

  it('R10/R11: test vector, 2 decks, cut 0', () => {
    expect(top12(dealtOrder(TEST_VECTOR_SEED, 2, 0))).toBe('5H 5S 6C AS 9H AD TH 9C 7C 5D 8S 4H');
  });

  it('R10: the stream is sha256(seed || u32be(k)) read 4 bytes at a time, big-endian', () => {
    const seed = Buffer.from(TEST_VECTOR_SEED, 'hex');
    const block = (k: number) => {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(k);
      return createHash('sha256').update(seed).update(counter).digest();
    };
    const bytes = Buffer.concat([block(0), block(1)]);
    const stream = new SeedStream(TEST_VECTOR_SEED);
    // m = 2^31 never rejects (2^32 is a multiple of it), so every draw is x mod 2^31.
    for (let i = 0; i < 16; i++) expect(stream.below(2 ** 31)).toBe(bytes.readUInt32BE(i * 4) % 2 ** 31);
  });

  it('R10: rejection sampling skips x >= floor(2^32 / m) * m', () => {
    // With m = 2^32 - 1 the only rejected value is 2^32 - 1; check draws against the raw stream.
    const stream = new SeedStream(seedFor('reject'));
    const raw = new SeedStream(seedFor('reject'));
    for (let i = 0; i < 50; i++) {
      const x = raw.below(2 ** 32);
      if (x === 2 ** 32 - 1) continue;
      expect(stream.below(2 ** 32 - 1)).toBe(x % (2 ** 32 - 1));
    }
  });

  it('R10: below(m) stays in [0, m) for every m a shuffle uses, and reaches both ends', () => {
    for (const m of [1, 2, 3, 7, 52, 53, 104, 208, 1000, 2 ** 31 + 1]) {
      const stream = new SeedStream(seedFor(`range-${m}`));
      const draws = Array.from({ length: 2000 }, () => stream.below(m));
      expect(draws.filter((x) => !Number.isInteger(x) || x < 0 || x >= m)).toEqual([]);
      const seen = new Set(draws);
      if (m <= 7) expect(seen.size).toBe(m);
    }
  });

  it('R10: a shuffle is a permutation of the canonical deck, the same for the same seed', () => {
    for (const copies of [1, 2, 3, 4]) {
      const seed = seedFor(`perm-${copies}`);
      const cards = shuffledDeck(seed, copies);
      expect([...cards].sort()).toEqual([...canonicalDeck(copies)].sort());
      expect(shuffledDeck(seed, copies)).toEqual(cards);
    }
    expect(shuffledDeck(seedFor('a'), 1)).not.toEqual(shuffledDeck(seedFor('b'), 1));
  });

  it('R9: a seed is read as its 32 bytes only when it is 64 lowercase hex digits', () => {
    const valid = TEST_VECTOR_SEED;
    const strings = [
      valid,
      valid.toUpperCase(),
      valid.slice(1),
      `${valid}0`,
      `${valid.slice(0, 63)}g`,
      `${valid.slice(0, 62)} 1`,
      `${valid.slice(0, 63)}é`,
      '',
    ];
    for (const value of strings) {
      const bytes = seedBytesOf(value, 4);
      expect(bytes !== null).toBe(isSeedHex(value));
      if (bytes) expect(Buffer.from(bytes)).toEqual(Buffer.concat([Buffer.from(value, 'hex'), Buffer.alloc(4)]));
    }
  });

  it('R10: the dealer deals the same decks node:crypto derives, which is what the fairness check uses', () => {
    for (let k = 0; k < 60; k++) {
      const seed = createHash('sha256').update(`seed ${k}`).digest('hex');
      const copies = 1 + (k % 4);
      expect(shuffledDeck(seed, copies)).toEqual(shuffledDeck(seed, copies, opensslBlockHash));
    }
  });

  it('R11: a cut moves deck[c..] to the top', () => {
    const deck = canonicalDeck(1);
    expect(cutDeck(deck, 0)).toEqual(deck);
    expect(cutDeck(deck, 3).slice(0, 2)).toEqual(['5C', '6C']);
    expect(cutDeck(deck, 3).slice(-3)).toEqual(['2C', '3C', '4C']);
    expect(cutDeck(deck, 51)[0]).toBe('AS');
  });

  it('R12: the revealed seed and cut reproduce every card the table saw from a retired deck', () => {
    const table = tableWith({ players: 3, cards: ['7', '9'] });
    // Play until a play deck is retired: here, when the deal passes (R9: a fresh deck each deal).
    const retiredPlayDeck = () => table.events.find((e) => e.type === 'deck-retired' && e.deckId.startsWith('play'));
    for (let guard = 0; guard < 60 && !retiredPlayDeck(); guard++) {
      if (table.state.phase.kind === 'bet') table.must({ type: 'bet', amount: 1 });
      else if (table.state.phase.kind === 'cut') table.must({ type: 'cut', cut: 5 });
      else table.must({ type: 'deal' });
    }
    const retired = retiredPlayDeck();
    if (retired?.type !== 'deck-retired') throw new Error('no play deck was retired');
    const shuffled = table.events.find((e) => e.type === 'deck-shuffled' && e.deckId === retired.deckId);
    const cut = table.events.find((e) => e.type === 'deck-cut' && e.deckId === retired.deckId);
    if (shuffled?.type !== 'deck-shuffled' || cut?.type !== 'deck-cut') throw new Error('the deck was not shuffled and cut');
    expect(commitmentOf(retired.seed)).toBe(shuffled.commitment);
    const seen = table.events.flatMap((e) => (e.type === 'card-turned' && e.deckId === retired.deckId ? [e.card] : []));
    expect(seen.length).toBeGreaterThanOrEqual(6); // three turns of at least two cards
    expect(dealtOrder(retired.seed, shuffled.copies, cut.cut).slice(0, seen.length)).toEqual(seen);
  });
});
