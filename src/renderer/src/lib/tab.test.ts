import { describe, expect, it } from 'vitest';
import type { NightListItem, RunningTab } from '../../../shared';
import { clampCursor, coveredTransfers, currencyOf, paidTransfers } from './tab';

const night = (id: string, currency: string): NightListItem => ({
  id,
  startedAt: `${id.slice(0, 10)}T20:00:00.000Z`,
  endedAt: `${id.slice(0, 10)}T23:00:00.000Z`,
  playerIds: [],
  turns: 1,
  biggestPot: 1,
  winnerIds: [],
  minutes: 180,
  currency,
  hostedOn: null,
  unsigned: false,
});

const tab: RunningTab = {
  tab: [
    { from: 'ann', to: 'cy', amount: 500, nights: ['2026-01-01-a', '2026-01-08-b'], covers: ['2026-01-01-a:ann>bo', '2026-01-08-b:bo>cy'] },
  ],
  transfers: [
    { id: '2026-01-01-a:ann>bo', nightId: '2026-01-01-a', from: 'ann', to: 'bo', amount: 500, paid: false },
    { id: '2026-01-01-a:dee>bank', nightId: '2026-01-01-a', from: 'dee', to: 'bank', amount: 200, paid: true },
    { id: '2026-01-08-b:bo>cy', nightId: '2026-01-08-b', from: 'bo', to: 'cy', amount: 500, paid: false },
    { id: '2026-01-08-b:bank>ann', nightId: '2026-01-08-b', from: 'bank', to: 'ann', amount: 300, paid: true },
  ],
};

describe('the running tab screens (M3)', () => {
  it('M3: a debt lists the night transfers it covers, oldest night first; payments marked paid are listed newest first', () => {
    expect(coveredTransfers(tab, tab.tab[0]!).map((t) => t.id)).toEqual(['2026-01-01-a:ann>bo', '2026-01-08-b:bo>cy']);
    expect(paidTransfers(tab).map((t) => t.id)).toEqual(['2026-01-08-b:bank>ann', '2026-01-01-a:dee>bank']);
  });

  it('M3: amounts carry the currency their nights share, none when they differ', () => {
    const nights = new Map(
      [night('2026-01-01-a', 'EUR'), night('2026-01-08-b', 'EUR'), night('2026-01-15-c', 'CHF')].map((n) => [n.id, n]),
    );
    expect(currencyOf(['2026-01-01-a', '2026-01-08-b'], nights)).toBe('EUR');
    expect(currencyOf(['2026-01-01-a', '2026-01-15-c'], nights)).toBe('');
  });

  it('keeps the cursor on the list after a debt leaves it', () => {
    expect(clampCursor(3, 3)).toBe(2);
    expect(clampCursor(0, 0)).toBe(0);
    expect(clampCursor(1, 5)).toBe(1);
  });
});
