import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../i18n';
import { LOCALE_MESSAGES } from '../i18n/allLocales';
import type { Translate } from '../i18n/describe';
import { EMPTY_PAY_FORM, payDetailsOfForm, payFormChanged } from './payForm';

const words = (language: 'en' | 'fr' | 'it' | 'es'): Translate => createAppI18n(language, LOCALE_MESSAGES).global.t as unknown as Translate;

describe('the payment fields of the roster editor', () => {
  it.each([
    ['en', 'DE89370400440532013001 has a typo'],
    ['fr', 'contient une faute de frappe'],
    ['it', 'ha un errore di battitura'],
    ['es', 'tiene una errata'],
  ] as const)('a mistyped IBAN is refused in the console’s language (%s) before anything is sent', (language, said) => {
    const checked = payDetailsOfForm({ ...EMPTY_PAY_FORM, holder: 'Ann', iban: 'DE89 3704 0044 0532 0130 01' }, words(language));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(said);
  });

  it('sends what was typed, blanks left out; a bank account needs its holder; link names are bare names', () => {
    const t = words('en');
    expect(payDetailsOfForm({ ...EMPTY_PAY_FORM, iban: 'DE89370400440532013000' }, t)).toEqual({
      ok: false,
      message: t('pay.editor.needHolder'),
    });
    expect(payDetailsOfForm({ ...EMPTY_PAY_FORM, paypal: 'paypal.me/ann' }, t)).toEqual({ ok: false, message: t('pay.editor.badHandle') });
    expect(
      payDetailsOfForm(
        { ...EMPTY_PAY_FORM, holder: ' Ann ', iban: 'DE89370400440532013000', venmo: 'ann-v', phone: ' +34 600 111 222 ' },
        t,
      ),
    ).toEqual({
      ok: true,
      pay: { sepa: { name: 'Ann', iban: 'DE89370400440532013000', bic: '' }, venmo: 'ann-v', phone: '+34 600 111 222' },
    });
    expect(payDetailsOfForm(EMPTY_PAY_FORM, t)).toEqual({ ok: true, pay: {} });
  });

  it('an IBAN retyped with spaces and in lower case is no change', () => {
    const kept = { sepa: { name: 'Ann', iban: 'DE89370400440532013000', bic: '' } };
    expect(payFormChanged({ ...EMPTY_PAY_FORM, holder: 'Ann', iban: 'de89 3704 0044 0532 0130 00' }, kept)).toBe(false);
    expect(payFormChanged({ ...EMPTY_PAY_FORM, holder: 'Ann B', iban: 'DE89370400440532013000' }, kept)).toBe(true);
  });
});
