import { describe, expect, it } from 'vitest';
import type { NightDetail, NightListItem, Standings } from '../../../shared';
import type { Translate } from '../i18n/describe';
import { createAppI18n } from '../i18n';
import { cardText, commonCurrency, cumulativeChart, fairnessSummary, newestFirst, rulesSummary, sameScreen, stackChart } from './history';

const i18n = createAppI18n();
const t: Translate = (key, named = {}, plural) => (plural === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, plural));

function night(id: string, startedAt: string, currency = 'EUR'): NightListItem {
  return {
    id,
    startedAt,
    endedAt: startedAt,
    playerIds: [],
    turns: 0,
    biggestPot: 0,
    winnerIds: [],
    minutes: 0,
    currency,
    hostedOn: null,
    unsigned: false,
  };
}

describe('history helpers', () => {
  it('R12: reports a clean fairness check in one line', () => {
    const text = fairnessSummary({ nightId: 'n1', decks: 37, cards: 412, verified: true, mismatches: [] }, t);
    expect(text).toBe('37 decks, 412 cards: all verified');
  });

  it('R8: says how many things the night checker found against the rules, and nothing when it was not run', () => {
    const fair = { nightId: 'n1', decks: 2, cards: 20, verified: true, mismatches: [] };
    expect(rulesSummary(fair, t)).toBe('');
    expect(rulesSummary({ ...fair, rules: [] }, t)).toMatch(/re-judged from the rules: all right/);
    const broken = { rule: 'R8', kind: 'violation' as const, turn: 56, expected: 'Fay acts', found: 'Gus acted' };
    const unknown = { rule: 'M4', kind: 'cannot-check' as const, turn: null, expected: 'a seating', found: 'none' };
    expect(rulesSummary({ ...fair, rules: [broken, unknown] }, t)).toBe('1 thing against the rules');
  });

  it('R12: counts the mismatches when a deck does not match its seed', () => {
    const text = fairnessSummary(
      { nightId: 'n1', decks: 2, cards: 20, verified: false, mismatches: [{ deckId: 'd2', reason: 'card 4 is 7H, seed gives 8H' }] },
      t,
    );
    expect(text).toBe('2 decks, 20 cards: 1 mismatch');
  });

  it('lists the newest night first and prints money in the one currency all nights used', () => {
    const list = [night('a', '2026-01-01T20:00:00Z'), night('b', '2026-02-01T20:00:00Z')];
    expect(newestFirst(list).map((n) => n.id)).toEqual(['b', 'a']);
    expect(commonCurrency(list)).toBe('EUR');
    expect(commonCurrency([...list, night('c', '2026-03-01T20:00:00Z', 'USD')])).toBe('');
  });

  it("M1: keeps a player's cumulative line flat on nights they missed, in major units on the axis", () => {
    const standings: Standings = {
      rows: [],
      cumulative: [
        { nightId: 'a', date: '2026-01-01', net: { ana: 500, leo: -500 } },
        { nightId: 'b', date: '2026-01-08', net: { leo: -200 } },
      ],
    };
    const chart = cumulativeChart(
      standings,
      ['ana', 'leo'],
      (id) => id,
      () => '#ffffff',
      'EUR',
    );
    expect(chart.labels).toEqual(['2026-01-01', '2026-01-08']);
    expect(chart.series.map((s) => s.data)).toEqual([
      [5, 5],
      [-5, -2],
    ]);
  });

  it("draws each player's stack after every turn, in the player's colour", () => {
    const detail = {
      players: [{ id: 'ana', name: 'Ana', seat: 0 }],
      stackSeries: [
        { turn: 0, stacks: { ana: 19 } },
        { turn: 1, stacks: { ana: 23 } },
      ],
    } as unknown as NightDetail;
    const chart = stackChart(detail, () => '#f2c14e');
    expect(chart).toEqual({ labels: [0, 1], series: [{ id: 'ana', label: 'Ana', colour: '#f2c14e', data: [19, 23] }] });
  });

  it('knows when the TV already shows a screen', () => {
    expect(sameScreen({ kind: 'night', nightId: 'a' }, { kind: 'night', nightId: 'a' })).toBe(true);
    expect(sameScreen({ kind: 'night', nightId: 'a' }, { kind: 'night', nightId: 'b' })).toBe(false);
    expect(sameScreen({ kind: 'standings' }, { kind: 'live' })).toBe(false);
  });

  it('R2: prints card codes as they read on the card', () => {
    expect(cardText('TS')).toBe('10♠');
    expect(cardText('AH')).toBe('A♥');
  });
});
