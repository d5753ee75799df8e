import { describe, expect, it } from 'vitest';
import type { Settlement } from '../../../shared';
import type { Translate } from '../i18n/describe';
import { createAppI18n } from '../i18n';
import { settlementText } from './settlement';

const i18n = createAppI18n();
const t: Translate = (key, named = {}, plural) => (plural === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, plural));
const names = (id: string) => ({ ana: 'Ana', leo: 'Leo', maya: 'Maya' })[id] ?? id;

const settlement: Settlement = {
  fewest: [{ from: 'ana', to: 'leo', amount: 450 }],
  banker: [
    { from: 'ana', to: 'bank', amount: 450 },
    { from: 'bank', to: 'leo', amount: 450 },
  ],
  mode: 'fewest',
  balances: { ana: -450, leo: 450, maya: 0, bank: 0 },
};

describe('settlementText', () => {
  it('R23: copies the fewest transfers as plain lines', () => {
    expect(settlementText(settlement, names, 'EUR', t)).toBe('Settling up (fewest transfers):\nAna pays Leo 4.50 EUR');
  });

  it('M3: in banker mode everyone settles with the bank, named in the heading', () => {
    const bankNames = (id: string) => (id === 'bank' ? 'the bank' : names(id));
    expect(settlementText({ ...settlement, mode: 'banker' }, bankNames, '', t)).toBe(
      'Settling up with the bank:\nAna pays the bank 4.50\nthe bank pays Leo 4.50',
    );
  });

  it('says so when nobody owes anything', () => {
    const even: Settlement = { fewest: [], banker: [], mode: 'fewest', balances: {} };
    expect(settlementText(even, names, 'EUR', t)).toBe('Settling up (fewest transfers):\nEveryone is even: nobody pays anything.');
  });
});
