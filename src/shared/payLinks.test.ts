import { describe, expect, it } from 'vitest';
import { ibanProblem, normalisePayDetails, payDetailsProblem, payDetailsSchema } from './payDetails';
import { epcPayload, payReference, paypalLink, revolutLink, venmoLink } from './payLinks';

const account = { name: 'Bob Martin', iban: 'DE89370400440532013000', bic: '' };

describe('the EPC QR payload (EPC069-12, version 002)', () => {
  it('has the eleven elements in order, one a line: BCD, 002, UTF-8, SCT, BIC, name, IBAN, amount, purpose, reference, text', () => {
    const result = epcPayload(account, 1250, 'EUR', 'In-Between 26 Nov');
    expect(result).toEqual({
      ok: true,
      payload: ['BCD', '002', '1', 'SCT', '', 'Bob Martin', 'DE89370400440532013000', 'EUR12.50', '', '', 'In-Between 26 Nov'].join('\n'),
    });
  });

  it('carries the BIC when there is one, and amounts exactly (a cent, a large sum)', () => {
    const withBic = epcPayload({ ...account, bic: 'COBADEFFXXX' }, 1, 'eur', 'x');
    expect(withBic.ok && withBic.payload.split('\n')[4]).toBe('COBADEFFXXX');
    expect(withBic.ok && withBic.payload.split('\n')[7]).toBe('EUR0.01');
    const large = epcPayload(account, 99_999_999_999, 'EUR', '');
    expect(large.ok && large.payload.split('\n')[7]).toBe('EUR999999999.99');
  });

  it('is only for euros: a SEPA transfer in another currency would pay the wrong amount', () => {
    expect(epcPayload(account, 1250, 'USD', '')).toEqual({ ok: false, problem: 'not-eur' });
    expect(epcPayload(account, 1250, '', '')).toEqual({ ok: false, problem: 'not-eur' });
  });

  it('refuses an amount outside 0.01 to 999,999,999.99 EUR', () => {
    expect(epcPayload(account, 0, 'EUR', '')).toEqual({ ok: false, problem: 'amount' });
    expect(epcPayload(account, 100_000_000_000, 'EUR', '')).toEqual({ ok: false, problem: 'amount' });
  });

  it('keeps the name to 70 characters and the text to 140, on one line each, so no element shifts', () => {
    const result = epcPayload({ ...account, name: `${'é'.repeat(80)}\nx` }, 500, 'EUR', `a\nb${'z'.repeat(200)}`);
    const lines = result.ok ? result.payload.split('\n') : [];
    expect(lines).toHaveLength(11);
    expect([...lines[5]!]).toHaveLength(70);
    expect([...lines[10]!]).toHaveLength(140);
    expect(lines[10]!.startsWith('a b')).toBe(true);
  });
});

describe('payment links and references', () => {
  it('PayPal.Me and Revolut.Me carry the amount in the night’s currency', () => {
    expect(paypalLink('bobm', 1250, 'EUR')).toBe('https://paypal.me/bobm/12.50EUR');
    expect(revolutLink('bobm', 1250, 'EUR')).toBe('https://revolut.me/bobm?amount=12.50&currency=EUR');
    expect(paypalLink('bobm', 500, 'JPY')).toBe('https://paypal.me/bobm/500JPY');
    // No ISO code: no amount could be given in it.
    expect(paypalLink('bobm', 1250, 'chips')).toBeNull();
  });

  it('Venmo pays in US dollars only, with the note', () => {
    expect(venmoLink('bob-m', 1250, 'USD', 'In-Between 26 Nov')).toBe(
      'https://venmo.com/bob-m?txn=pay&amount=12.50&note=In-Between%2026%20Nov',
    );
    expect(venmoLink('bob-m', 1250, 'EUR', '')).toBeNull();
  });

  it('the reference names the nights by date', () => {
    expect(payReference(['2026-11-26T20:00:00.000Z'])).toBe('In-Between 26 Nov');
    expect(payReference(['2026-11-19T20:00:00.000Z', '2026-11-26T20:00:00.000Z', '2026-11-26T22:00:00.000Z'])).toBe(
      'In-Between 19 Nov, 26 Nov',
    );
  });
});

describe('checking payment details as typed', () => {
  it('an IBAN with a mistyped character fails its checksum; a short or foreign one is named as such', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(ibanProblem('DE89370400440532013001')).toBe('checksum');
    expect(ibanProblem('DE89')).toBe('format');
    expect(ibanProblem('BR1800360305000010009795493C1')).toBe('not-sepa');
  });

  it('a BIC is needed outside the EEA and must be well formed', () => {
    expect(payDetailsProblem({ sepa: { name: 'A', iban: 'GB29NWBK60161331926819', bic: '' } })).toMatchObject({
      code: 'bad-bic',
      reason: 'needed',
    });
    expect(payDetailsProblem({ sepa: { name: 'A', iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L' } })).toBeNull();
    expect(payDetailsProblem({ sepa: { name: 'A', iban: 'DE89370400440532013000', bic: 'NOPE' } })).toMatchObject({
      code: 'bad-bic',
      reason: 'format',
    });
  });

  it('a link name is a bare handle, never a URL; details are kept in upper case without spaces', () => {
    expect(payDetailsSchema.safeParse({ paypal: 'https://paypal.me/bob' }).success).toBe(false);
    expect(payDetailsSchema.safeParse({ venmo: '@bob' }).success).toBe(false);
    const typed = payDetailsSchema.parse({
      sepa: { name: ' Bob ', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeff xxx' },
      phone: '+34 600 111 222',
    });
    expect(normalisePayDetails(typed)).toEqual({
      sepa: { name: 'Bob', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      phone: '+34600111222',
    });
  });
});
