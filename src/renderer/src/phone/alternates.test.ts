import { describe, expect, it } from 'vitest';
import { PHONES_OFF, type PhonesView } from '../../../shared';
import { PhoneAlternates } from './alternates';

const on = (alternates?: string[], token = 'V1'): PhonesView => ({
  state: 'on',
  links: [`http://10.0.0.1:47800/phone.html?token=${token}`],
  port: 47800,
  connected: 1,
  refusal: null,
  ...(alternates ? { alternates } : {}),
});

describe('R35: where a phone page looks for its night when its laptop goes', () => {
  it('R35: the alternates of its view, with the token of its own link (from its address, else from its view)', () => {
    const fromAddress = new PhoneAlternates('V1');
    expect(fromAddress.urls()).toEqual([]);
    fromAddress.seen(on(['10.0.0.2:47800']));
    expect(fromAddress.urls()).toEqual(['ws://10.0.0.2:47800/ws?role=phone&token=V1']);
    // Reloaded (the token in a cookie the page cannot read): the links its view shows carry the same token.
    const reloaded = new PhoneAlternates(null);
    reloaded.seen(on(['10.0.0.2:47800']));
    expect(reloaded.urls('wss')).toEqual(['wss://10.0.0.2:47800/ws?role=phone&token=V1']);
  });

  it('R35: a laptop paired after the page was served asks for a reload (its CSP lets it reach only those it was served with)', () => {
    const page = new PhoneAlternates('V1');
    expect(page.seen(on(['10.0.0.2:47800']))).toBe(false);
    expect(page.seen(on(['10.0.0.2:47800']))).toBe(false);
    expect(page.seen(on([]))).toBe(false);
    expect(page.seen(on(['10.0.0.2:47800', '10.0.0.3:47800']))).toBe(true);
    expect(page.seen(PHONES_OFF)).toBe(false);
    expect(page.seen(undefined)).toBe(false);
  });
});
