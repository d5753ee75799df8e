import { describe, expect, it } from 'vitest';
import { Findings } from './findings';
import { judgeTurn } from './outcome';
import type { CheckedRules, CheckedTurn } from './schema';

const RULES: CheckedRules = {
  decks: 1,
  ante: 1,
  aceLowChoice: false,
  pair: 'pays-2',
  consecutive: 'lose-minimum',
  postPays: 1,
  potAtEnd: 'split',
  pass: false,
  maxBet: null,
  firstRound: 'open',
  anteWhen: 'empty-pot',
  cards: 'deck',
  revealWaitMs: 1500,
};

function turn(cards: string[], fields: Partial<CheckedTurn>): CheckedTurn {
  return {
    n: 1,
    deal: 1,
    dealer: 'p-b',
    player: 'p-a',
    cards: cards.map((card) => ({ deck: 'play-2', card })),
    aceCall: null,
    call: null,
    bet: null,
    limit: null,
    outcome: null,
    odds: null,
    potBefore: 10,
    potAfter: 10,
    stackBefore: 20,
    stackAfter: 20,
    void: false,
    corrected: false,
    ...fields,
  };
}

function judged(t: CheckedTurn, rules: Partial<CheckedRules> = {}, left: string[] | null = null) {
  const f = new Findings();
  const result = judgeTurn(t, { ...RULES, ...rules }, () => left, f);
  return { result, findings: f.list };
}

describe('the checker re-judges a turn from its cards', () => {
  it('R18: strictly between wins, outside loses, on a post is a post', () => {
    const asked = { bet: 2, limit: 10, odds: { winners: 0, remaining: 0 } };
    expect(judged(turn(['4C', 'TD', '7H'], { ...asked, outcome: 'win' })).findings).toEqual([]);
    expect(judged(turn(['4C', 'TD', 'KH'], { ...asked, outcome: 'lose' })).findings).toEqual([]);
    expect(judged(turn(['4C', 'TD', 'TH'], { ...asked, outcome: 'post' })).findings).toEqual([]);
    expect(judged(turn(['4C', 'TD', '7H'], { ...asked, outcome: 'lose' })).findings.map((f) => f.rule)).toEqual(['R18']);
  });

  it('R15, R16: a pair pays, consecutive ranks lose the minimum, with no third card and no bet', () => {
    expect(judged(turn(['8C', '8D'], { outcome: 'pair' })).findings).toEqual([]);
    expect(judged(turn(['KC', 'AD'], { outcome: 'consecutive' })).findings).toEqual([]);
    expect(judged(turn(['KC', 'AD'], { outcome: 'push' }), { consecutive: 'push' }).findings).toEqual([]);
    expect(judged(turn(['8C', '8D', '9H'], { outcome: 'pair' })).findings.map((f) => f.rule)).toContain('R15');
  });

  it('R15, R16 redeal: posts that pair or run are turned again', () => {
    const t = turn(['8C', '8D', '2C', 'AD', '7H'], { outcome: 'win', bet: 1, limit: 10, odds: { winners: 0, remaining: 0 } });
    expect(judged(t, { pair: 'redeal' }).findings).toEqual([]);
    expect(judged(t).findings.map((f) => f.rule)).toEqual(['R14']);
  });

  it('R25: the odds counted from the cards left in the deck', () => {
    const left = ['5C', '9D', 'TH', '3S'];
    expect(
      judged(turn(['4C', 'TD', '7H'], { bet: 1, limit: 10, outcome: 'win', odds: { winners: 2, remaining: 4 } }), {}, left).findings,
    ).toEqual([]);
    expect(
      judged(turn(['4C', 'TD', '7H'], { bet: 1, limit: 10, outcome: 'win', odds: { winners: 3, remaining: 4 } }), {}, left).findings.map(
        (f) => f.rule,
      ),
    ).toEqual(['R25']);
  });

  it('R29: a pair called higher wins above it, loses on its rank as a post; aces can only be called lower', () => {
    const rules = { pair: 'high-low' as const };
    const asked = { bet: 2, limit: 10, odds: { winners: 0, remaining: 0 } };
    expect(judged(turn(['8C', '8D', 'JH'], { ...asked, call: 'higher', outcome: 'win' }), rules).findings).toEqual([]);
    expect(judged(turn(['8C', '8D', '8H'], { ...asked, call: 'higher', outcome: 'post' }), rules).findings).toEqual([]);
    expect(judged(turn(['AC', 'AD', 'KH'], { ...asked, call: 'higher', outcome: 'lose' }), rules).findings.map((f) => f.rule)).toEqual([
      'R29',
    ]);
  });

  it('R1: with aceLowChoice a first ace is called; called low, A-2 runs', () => {
    expect(judged(turn(['AC', '2D'], { aceCall: 'low', outcome: 'consecutive' }), { aceLowChoice: true }).findings).toEqual([]);
    expect(judged(turn(['AC', '2D'], { outcome: 'consecutive' }), { aceLowChoice: true }).findings.map((f) => f.rule)).toContain('R1');
  });

  it('R1 with R15/R16 redeal: each redealt pair is judged by its own ace call', () => {
    const rules = { aceLowChoice: true, consecutive: 'redeal' as const };
    const asked = { bet: 1, limit: 10, odds: { winners: 0, remaining: 0 }, outcome: 'win' as const };
    // AS 2H run only if the ace was called low: then they are redealt; called high they are a spread to bet on.
    const cards = ['AS', '2H', '6S', 'TS', '8H'];
    expect(judged(turn(cards, { ...asked, aceCalls: ['low', null] }), rules).findings).toEqual([]);
    expect(judged(turn(cards, { ...asked, aceCalls: ['high', null] }), rules).findings.map((f) => f.rule)).toEqual(['R16']);
    expect(judged(turn(cards, { ...asked, aceCalls: [null, null] }), rules).findings.map((f) => f.rule)).toContain('R1');
    // A redealt pair with no ace has no call; the list has one call per pair, the last the standing pair's.
    const noAce = ['7S', '8H', '6S', 'TS', '8D'];
    expect(judged(turn(noAce, { ...asked, aceCalls: [null, null] }), rules).findings).toEqual([]);
    expect(judged(turn(noAce, { ...asked, aceCalls: ['low', null] }), rules).findings.map((f) => f.rule)).toEqual(['R1']);
    expect(judged(turn(noAce, { ...asked, aceCalls: [null] }), rules).findings.map((f) => f.rule)).toEqual(['R1']);
  });

  it('R26: a pass only when passing is on, with no third card', () => {
    const pass = turn(['4C', 'TD'], { outcome: 'pass', limit: 10, odds: { winners: 0, remaining: 0 } });
    expect(judged(pass, { pass: true }).findings).toEqual([]);
    expect(judged(pass).findings.map((f) => f.rule)).toEqual(['R26']);
  });
});
