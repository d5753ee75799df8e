import { describe, expect, it } from 'vitest';
import { PHONES_OFF, type PhonesView } from '../../../shared';
import { PageAlternates } from './pageAlternates';

/** The TV page of Ann's headless host, as its table link opened it. */
const annsTv = { protocol: 'http:', port: '8080', search: '?token=TV1', hash: '#/table' };
/** A phone's page, as the link the TV shows opened it (`token` in its address), or reloaded (the token in a cookie only). */
const phonePage = (search = '?token=V1', protocol = 'http:') => ({ protocol, port: '47800', search, hash: '' });

const on = (alternates?: string[], token = 'V1'): PhonesView => ({
  state: 'on',
  links: [`http://10.0.0.1:47800/phone.html?token=${token}`],
  port: 47800,
  connected: 1,
  refusal: null,
  ...(alternates ? { alternates } : {}),
});

/** A phone page's view coming, as phone/main.ts hands it over. */
const phoneSees = (page: PageAlternates, phones: PhonesView | undefined): boolean =>
  phones !== undefined && page.seen(phones.alternates, phones.links[0]);

describe('R35: where a TV page looks for its night when its laptop goes', () => {
  it('R35: the paired laptops of its view, at its own port, as the table, with the token of its own link', () => {
    const tv = new PageAlternates('table', annsTv, true);
    expect(tv.urls()).toEqual([]);
    tv.seen(['192.168.1.21', '10.0.0.7']);
    expect(tv.urls()).toEqual(['ws://192.168.1.21:8080/ws?role=table&token=TV1', 'ws://10.0.0.7:8080/ws?role=table&token=TV1']);
    tv.seen(undefined);
    expect(tv.urls()).toEqual([]);
  });

  it('R35: the token in its route (`#/table?token=`) is the one it goes with; over HTTPS, a secure socket', () => {
    const tv = new PageAlternates('table', { protocol: 'https:', port: '8443', search: '', hash: '#/table?token=TV2' }, true);
    tv.seen(['192.168.1.21']);
    expect(tv.urls()).toEqual(['wss://192.168.1.21:8443/ws?role=table&token=TV2']);
  });

  it('R35: a laptop paired after the page was served asks for a reload (its CSP lets it reach only those it was served with)', () => {
    const tv = new PageAlternates('table', annsTv, true);
    expect(tv.seen(['192.168.1.21'])).toBe(false);
    expect(tv.seen(['192.168.1.21'])).toBe(false);
    expect(tv.seen([])).toBe(false);
    expect(tv.seen(['192.168.1.21', '192.168.1.22'])).toBe(true);
  });
});

describe('R35: where a phone page looks for its night when its laptop goes', () => {
  it('R35: the alternates of its view, with the token of its own link (from its address, else from its view)', () => {
    const fromAddress = new PageAlternates('phone', phonePage());
    expect(fromAddress.urls()).toEqual([]);
    phoneSees(fromAddress, on(['10.0.0.2:47800']));
    expect(fromAddress.urls()).toEqual(['ws://10.0.0.2:47800/ws?role=phone&token=V1']);
    // Reloaded (the token in a cookie the page cannot read): the links its view shows carry the same token.
    const reloaded = new PageAlternates('phone', phonePage('', 'https:'));
    phoneSees(reloaded, on(['10.0.0.2:47800']));
    expect(reloaded.urls()).toEqual(['wss://10.0.0.2:47800/ws?role=phone&token=V1']);
    // No token anywhere (phones off when it reloaded): nowhere to go with.
    const none = new PageAlternates('phone', phonePage(''));
    phoneSees(none, PHONES_OFF);
    expect(none.urls()).toEqual([]);
  });

  it('R35: a laptop paired after the page was served asks for a reload (its CSP lets it reach only those it was served with)', () => {
    const page = new PageAlternates('phone', phonePage());
    expect(phoneSees(page, on(['10.0.0.2:47800']))).toBe(false);
    expect(phoneSees(page, on(['10.0.0.2:47800']))).toBe(false);
    expect(phoneSees(page, on([]))).toBe(false);
    expect(phoneSees(page, on(['10.0.0.2:47800', '10.0.0.3:47800']))).toBe(true);
    expect(phoneSees(page, PHONES_OFF)).toBe(false);
    expect(phoneSees(page, undefined)).toBe(false);
  });
});
