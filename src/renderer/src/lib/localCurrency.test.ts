import { describe, expect, it } from 'vitest';
import { localCurrency } from './localCurrency';

describe("the currency of the host's country, from the system's locale", () => {
  it('reads the country of a full locale', () => {
    expect(localCurrency('fr-FR')).toBe('EUR');
    expect(localCurrency('en-IE')).toBe('EUR');
    expect(localCurrency('en-GB')).toBe('GBP');
    expect(localCurrency('de-CH')).toBe('CHF');
    expect(localCurrency('en-US')).toBe('USD');
  });

  it("takes a language alone for its likeliest country's currency", () => {
    expect(localCurrency('it')).toBe('EUR');
    expect(localCurrency('ja')).toBe('JPY');
  });

  it('knows none for a region that is no country or a string that is no locale', () => {
    expect(localCurrency('en-001')).toBeNull();
    expect(localCurrency('not a locale')).toBeNull();
    expect(localCurrency('')).toBeNull();
  });
});
