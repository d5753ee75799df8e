import { describe, expect, it } from 'vitest';
import type { Settlement } from '../../../shared';
import type { Translate } from '../i18n/describe';
import { createAppI18n } from '../i18n';
import { settlementText } from './settlement';

const i18n = createAppI18n();
const t: Translate = (key, named = {}, plural) =>
  plural === undefined ? i18n.global.t(key, named) : i18n.global.t(key, named, plural);
const names = (id: string) => ({ ana: 'Ana', leo: 'Leo', maya: 'Maya' })[id] ?? id;

const settlement: Settlement = {
  fewest: [{ from: 'ana', to: 'leo', amount: 450 }],
  banker: [
    { from: 'ana', to: 'maya', amount: 450 },
    { from: 'maya', to: 'leo', amount: 450 },
  ],
  bankerId: 'maya',
  balances: { ana: -450, leo: 450, maya: 0, bank: 0 },
};

describe('settlementText', () => {
  it('R23: copies the fewest transfers as plain lines', () => {
    expect(settlementText(settlement, 'fewest', names, 'EUR', t)).toBe(
      'Settling up (fewest transfers):\nAna pays Leo 4.50 EUR',
    );
  });

  it('R23: in banker mode everyone settles with the banker, named in the heading', () => {
    expect(settlementText(settlement, 'banker', names, '', t)).toBe(
      'Settling up with the banker, Maya:\nAna pays Maya 4.50\nMaya pays Leo 4.50',
    );
  });

  it('says so when nobody owes anything', () => {
    const even: Settlement = { fewest: [], banker: [], bankerId: null, balances: {} };
    expect(settlementText(even, 'fewest', names, 'EUR', t)).toBe(
      'Settling up (fewest transfers):\nEveryone is even: nobody pays anything.',
    );
  });
});
