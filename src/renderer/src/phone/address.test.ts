import { describe, expect, it } from 'vitest';
import { addressWithoutToken } from './address';

describe("the phone page's address", () => {
  it('loses its viewer token, keeping the page, other parameters and the hash; an address without one is left alone', () => {
    expect(addressWithoutToken('http://192.168.1.20:47800/phone.html?token=abcd2345efgh6789')).toBe('/phone.html');
    expect(addressWithoutToken('http://192.168.1.20:47800/?token=abcd2345efgh6789')).toBe('/');
    expect(addressWithoutToken('http://192.168.1.20:47800/phone.html?lang=fr&token=abcd&x=1#tab')).toBe('/phone.html?lang=fr&x=1#tab');
    expect(addressWithoutToken('http://192.168.1.20:47800/phone.html')).toBeNull();
  });
});
