import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../i18n';
import type { Translate } from '../i18n/describe';
import { bankCodes, payeeLine, payOptions } from './payOptions';

const t = createAppI18n('en').global.t as unknown as Translate;
const bob = {
  sepa: { name: 'Bob Martin', iban: 'DE89370400440532013000', bic: '' },
  paypal: 'bobm',
  venmo: 'bob-v',
  phone: '+34600111222',
};
const transfer = { from: 'ann', to: 'bob', amount: 1250 };

describe('how a payer pays one transfer', () => {
  it('offers the payee’s ways in a fixed order: the bank code, the links with the amount, the phone card with amount and reference', () => {
    const options = payOptions(transfer, 'EUR', bob, 'In-Between 26 Nov');
    expect(options.map((o) => o.kind)).toEqual(['sepa', 'paypal', 'venmo', 'phone']);
    expect(options[0]).toMatchObject({ kind: 'sepa', payload: expect.stringContaining('\nEUR12.50\n') });
    expect(options[1]).toMatchObject({ link: 'https://paypal.me/bobm/12.50EUR' });
    // Venmo pays in dollars only: offered, without a link, on a night in euros.
    expect(options[2]).toMatchObject({ kind: 'venmo', link: null });
    expect(options[3]).toMatchObject({ copy: '+34600111222 12.50 EUR In-Between 26 Nov' });
  });

  it('the TV draws no bank code on a night not in EUR, and says so', () => {
    expect(bankCodes([{ transfer, currency: 'USD', reference: '' }], { bob })).toEqual({ codes: [], notEur: true });
    expect(bankCodes([{ transfer, currency: 'EUR', reference: '' }], { bob }).codes).toHaveLength(1);
    expect(bankCodes([{ transfer, currency: 'EUR', reference: '' }], {})).toEqual({ codes: [], notEur: false });
  });

  it('the console’s copied text says how the payee likes to be paid', () => {
    expect(payeeLine('Bob', bob, t)).toBe(
      'Bob is paid by: bank account Bob Martin, IBAN DE89370400440532013000; https://paypal.me/bobm; https://venmo.com/bob-v; phone +34600111222 (Bizum, Satispay, Wero, Lydia)',
    );
  });
});
