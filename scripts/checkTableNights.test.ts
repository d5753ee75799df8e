import { describe, expect, it } from 'vitest';
import { checkNight } from '../src/checker';
import { parseSeedHex } from '../src/main/simulation/seededStream';
import { DEFAULT_RULES } from '../src/shared/settings';
import { matrixNight } from './lib/nightMatrix';
import { simulateNight } from './lib/simulation';

/**
 * Simulated nights whose cards the table drew (docs/rules.md R34), every
 * host action at random moments, where the engine and the night checker once
 * disagreed: each played again and re-judged.
 */
function tableNight(seedHex: string, players: number, rules: Partial<typeof DEFAULT_RULES>) {
  const seed = parseSeedHex(seedHex);
  if (!seed) throw new Error(`bad seed ${seedHex}`);
  const exported = simulateNight({
    seed,
    players,
    turns: 300,
    rules: { ...DEFAULT_RULES, cards: 'table', ...rules },
    startingChips: 50,
    hostMoves: 'every',
  });
  return JSON.parse(JSON.stringify(exported)) as typeof exported;
}

describe('R34 nights the checker once found wrong', () => {
  it('R25, R13, R34: when redeals empty the shoe before the bet, the odds shown count the fresh shoe the third card comes from, not 0 of 0', () => {
    const night = tableNight('7b000063', 12, { pair: 'redeal', consecutive: 'redeal', maxBet: 5 });
    const emptied = night.turns.find((t) => t.cards.length > 2 && t.cards.at(-1)?.deck !== t.cards.at(-2)?.deck && t.bet !== null);
    expect(emptied, 'a turn whose third card came from a fresh shoe').toBeDefined();
    expect(emptied?.odds?.remaining).toBe(52);
    expect(checkNight(night).map((f) => `${f.rule} turn ${f.turn}: ${f.expected} / ${f.found}`)).toEqual([]);
  }, 120_000);
});

describe('R6 with R28 on nights whose cards the table draws', () => {
  it('R6, R28, R34: when the every-deal ante would leave fewer than 2 players with chips, the host records a buy-in before the deal and the night plays on', () => {
    const rules = { ...matrixNight(33).rules, cards: 'table' as const };
    expect(rules.anteWhen).toBe('every-deal');
    const exported = simulateNight({ ...matrixNight(33), rules, hostMoves: 'every' });
    const night = JSON.parse(JSON.stringify(exported)) as typeof exported;
    expect(night.turns.length).toBeGreaterThanOrEqual(matrixNight(33).turns);
    expect(checkNight(night).filter((f) => f.kind === 'violation')).toEqual([]);
  }, 120_000);
});
