import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type CardCode, type RuleSettings, type TurnOutcome, type TurnView } from '../../shared';
import type { EngineCommand } from '../engine';
import { recordedCommandOf } from './format';
import { LaptopWitness, laptopDealer } from './laptopWitness';
import { decideStep, emptyNight, keepStep } from './play';
import { add, fraction, toHundredths } from './fraction';
import { betsOfNight, luckVerdict, nightLuck, type LuckTurn } from './luck';

let n = 0;
/** A finished turn of deck `play-2`: its cards in the order turned, the bet and the outcome. */
function turn(playerId: string, cards: CardCode[], bet: number | null, outcome: TurnOutcome, extra: Partial<LuckTurn> = {}): LuckTurn {
  n += 1;
  return {
    n,
    playerId,
    cards: cards.map((card) => ({ deck: 'play-2', card })),
    aceCall: null,
    call: null,
    bet,
    outcome,
    stackBefore: 20,
    void: false,
    ...extra,
  };
}

const ONE_DECK = { decks: 1, postPays: 1 } as const;

describe('luck against the odds: one bet worked by hand', () => {
  it('R25, R18: 3-Q on a fresh deck, bet 4 and won: expected +1.12, luck +2.88', () => {
    // 50 cards left: 32 between (4 to J), 6 on the posts (three 3s, three queens), 12 outside (2s, kings, aces).
    const [bet] = betsOfNight([turn('ana', ['3S', 'QH', '7C'], 4, 'win')], ONE_DECK);
    expect(bet?.chances).toEqual({ win: 32, lose: 12, post: 6, remaining: 50 });
    expect(bet?.expected).toEqual(fraction(4 * (32 - 12 - 6), 50));
    expect(nightLuck(['ana'], [turn('ana', ['3S', 'QH', '7C'], 4, 'win')], ONE_DECK)).toEqual([
      // The bet's spread: sqrt(16 - 1.12^2) = 3.84 chips, more than the luck, so about even.
      { playerId: 'ana', bets: 1, luck: 288, spread: 384, verdict: 'even' },
    ]);
  });

  it('R25: the chances are counted from the cards still in the deck, earlier turns and a voided one taken out', () => {
    const turns = [
      turn('ana', ['3S', 'QH', '7C'], 4, 'win'),
      turn('bo', ['8D', '8S'], null, 'pair'),
      turn('bo', ['2C', 'TD', '7D'], 1, 'win', { void: true }),
      turn('cy', ['6H', '9H', 'KS'], 2, 'lose'),
    ];
    const bets = betsOfNight(turns, ONE_DECK);
    expect(bets.map((b) => b.n)).toEqual([turns[0]?.n, turns[3]?.n]);
    // 42 cards left: two 7s and two 8s between, three 6s and three 9s on the posts.
    expect(bets[1]?.chances).toEqual({ win: 4, lose: 32, post: 6, remaining: 42 });
    expect(bets[1]?.actual).toBe(-2);
    expect(bets[1]?.expected).toEqual(fraction(2 * (4 - 32 - 6), 42));
  });

  it('R1: with an ace called low, 2 to 8 win and the other aces are on the post', () => {
    const [bet] = betsOfNight([turn('ana', ['AS', '9D', '5C'], 1, 'win', { aceCall: 'low' })], ONE_DECK);
    expect(bet?.chances).toEqual({ win: 28, lose: 16, post: 6, remaining: 50 });
  });

  it('R26: a pass bets nothing and has no luck, but its cards leave the deck', () => {
    const turns = [
      turn('ana', ['2S', '3H'], null, 'consecutive'),
      turn('ana', ['4S', '6H'], null, 'pass'),
      turn('bo', ['4C', '6C', '5C'], 3, 'win'),
    ];
    const bets = betsOfNight(turns, ONE_DECK);
    expect(bets).toHaveLength(1);
    expect(bets[0]?.chances).toEqual({ win: 4, lose: 38, post: 4, remaining: 46 });
    expect(nightLuck(['ana'], turns, ONE_DECK)).toEqual([{ playerId: 'ana', bets: 0, luck: 0, spread: 0, verdict: 'even' }]);
  });

  it("R13: a third card from a fresh deck (a redeal emptied the old one after the posts) has the fresh deck's chances", () => {
    const fresh = turn('ana', ['3S', 'QH', '7C'], 4, 'win');
    fresh.cards[2] = { deck: 'play-3', card: '7C' };
    // All 52 of play-3 are still to come: 32 between, the four 3s and four queens on the posts.
    expect(betsOfNight([turn('bo', ['2S', '9H', '5D'], 1, 'win'), fresh], ONE_DECK)[1]?.chances).toEqual({
      win: 32,
      lose: 12,
      post: 8,
      remaining: 52,
    });
  });

  it('R1: two decks shuffled together hold eight of each rank', () => {
    const [bet] = betsOfNight([turn('ana', ['3S', 'QH', '7C'], 4, 'win')], { decks: 2, postPays: 1 });
    expect(bet?.chances).toEqual({ win: 64, lose: 24, post: 14, remaining: 102 });
  });
});

describe('luck against the odds on the post', () => {
  it('R30: postPays 2 on a stack of 8, bet 5: the post takes 8 (capped) in both the actual and the expected result', () => {
    const turns = [turn('ana', ['4D', '9S', '9C'], 5, 'post', { stackBefore: 8 })];
    const [bet] = betsOfNight(turns, { decks: 1, postPays: 2 });
    expect(bet?.postLoss).toBe(8);
    expect(bet?.actual).toBe(-8);
    // 16 between (5 to 8), 6 on the posts, 28 outside: (5 x 16 - 5 x 28 - 8 x 6) / 50 = -2.16.
    expect(bet?.expected).toEqual(fraction(-216, 100));
    // Luck -8 + 2.16 = -5.84; spread sqrt(29.68 - 2.16^2) = 5.0014: more than one spread below, so unkind.
    expect(nightLuck(['ana'], turns, { decks: 1, postPays: 2 })).toEqual([
      { playerId: 'ana', bets: 1, luck: -584, spread: 500, verdict: 'unkind' },
    ]);
  });

  it('R30: postPays 3 below the cap takes three times the bet', () => {
    const [bet] = betsOfNight([turn('ana', ['4D', '9S', '4C'], 2, 'post')], { decks: 1, postPays: 3 });
    expect(bet?.actual).toBe(-6);
    expect(bet?.expected).toEqual(fraction(2 * 16 - 2 * 28 - 6 * 6, 50));
  });

  it("R29: a pair of 5s called higher, bet 3, lost to a 2: the call's own chances, the pair's rank on the post", () => {
    const turns = [turn('ana', ['5S', '5H', '2H'], 3, 'lose', { call: 'higher' })];
    const [bet] = betsOfNight(turns, ONE_DECK);
    // 36 above (6 to A), the two 5s left on the post, 12 below (2, 3, 4).
    expect(bet?.chances).toEqual({ win: 36, lose: 12, post: 2, remaining: 50 });
    expect(bet?.expected).toEqual(fraction(132, 100));
    expect(nightLuck(['ana'], turns, ONE_DECK)[0]?.luck).toBe(-432);
  });

  it('R29: a pair of kings called lower wins on 2 to Q', () => {
    const [bet] = betsOfNight([turn('ana', ['KS', 'KH', 'QH'], 1, 'win', { call: 'lower' })], ONE_DECK);
    expect(bet?.chances).toEqual({ win: 44, lose: 4, post: 2, remaining: 50 });
  });
});

describe('the verdict', () => {
  it('is about even within one spread either way, kind or unkind beyond it', () => {
    const variance = fraction(100);
    expect(luckVerdict(fraction(10), variance)).toBe('even');
    expect(luckVerdict(fraction(-10), variance)).toBe('even');
    expect(luckVerdict(fraction(1001, 100), variance)).toBe('kind');
    expect(luckVerdict(fraction(-1001, 100), variance)).toBe('unkind');
  });
});

describe('exact sums, rounded once', () => {
  it('adds thirds and sevenths exactly and rounds halves of a hundredth away from zero', () => {
    expect(add(fraction(1, 3), fraction(2, 3))).toEqual(fraction(1));
    expect(add(fraction(1, 7), fraction(-1, 7))).toEqual(fraction(0));
    expect([fraction(1, 200), fraction(-1, 200), fraction(1, 300), fraction(-2, 3), fraction(1449, 100)].map(toHundredths)).toEqual([
      1, -1, 0, -67, 1449,
    ]);
  });
});

describe('luck against the odds with cards drawn by the table', () => {
  it("R34, R25: each bet's chances are counted from the shoe's cards left, the same as the odds shown, shoe after shoe", () => {
    const witness = new LaptopWitness(
      Uint8Array.from({ length: 32 }, (_, i) => 0x40 + i),
      4096,
    );
    const dealer = laptopDealer(witness, () => {
      throw new Error('no deck is shuffled when the table draws');
    });
    const night = emptyNight();
    const play = (command: EngineCommand) => {
      const decided = decideStep(night, command, night.state.stateId, dealer);
      if (!decided.ok) throw new Error(decided.error.message);
      keepStep(night, decided.step, {
        at: '2026-11-26T20:00:00.000Z',
        command: recordedCommandOf(command as Exclude<EngineCommand, { type: 'shuffle' | 'commit' | 'reveal' }>),
      });
    };
    const rules: RuleSettings = { ...DEFAULT_RULES, cards: 'table', decks: 2, postPays: 2 };
    const players = ['ann', 'bob', 'cat'].map((id) => ({ id, name: id }));
    play({
      type: 'start',
      nightId: '2026-11-26-luck34',
      at: '2026-11-26T20:00:00.000Z',
      players,
      startingChips: 200,
      chipValue: 0,
      currency: 'EUR',
      settings: rules,
      carryIn: 0,
    });
    play({ type: 'draw' });
    for (let turn = 0; turn < 120 && night.state.phase.kind !== 'ended'; turn++) {
      play({ type: 'deal' });
      if (night.state.phase.kind === 'bet') play({ type: 'bet', amount: 1 });
    }
    const turns = night.turns.filter((t): t is TurnView => t !== undefined);
    const bets = betsOfNight(turns, rules);
    expect(bets.length).toBeGreaterThan(50);
    // More than one shoe's worth of cards went by, so the count restarted with each new shoe.
    expect(new Set(turns.flatMap((t) => t.cards.map((c) => c.deck))).size).toBeGreaterThan(1);
    for (const bet of bets) {
      const odds = turns.find((t) => t.n === bet.n)?.odds;
      expect(`${bet.chances.win}/${bet.chances.remaining}`).toBe(`${odds?.winners}/${odds?.remaining}`);
    }
  });
});
