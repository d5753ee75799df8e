import { describe, expect, it } from 'vitest';
import { TvAlternates } from './tvAlternates';

/** The TV page of Ann's headless host, as its table link opened it. */
const annsTv = { protocol: 'http:', host: '192.168.1.20:8080', port: '8080', search: '?token=TV1', hash: '#/table' };

describe('R35: where a TV page looks for its night when its laptop goes', () => {
  it('R35: the paired laptops of its view, at its own port, as the table, with the token of its own link', () => {
    const tv = new TvAlternates(annsTv);
    expect(tv.urls()).toEqual([]);
    tv.seen(['192.168.1.21', '10.0.0.7']);
    expect(tv.urls()).toEqual(['ws://192.168.1.21:8080/ws?role=table&token=TV1', 'ws://10.0.0.7:8080/ws?role=table&token=TV1']);
    tv.seen(undefined);
    expect(tv.urls()).toEqual([]);
  });

  it('R35: a laptop paired after the page was served asks for a reload (its CSP lets it reach only those it was served with)', () => {
    const tv = new TvAlternates(annsTv);
    expect(tv.seen(['192.168.1.21'])).toBe(false);
    expect(tv.seen(['192.168.1.21'])).toBe(false);
    expect(tv.seen([])).toBe(false);
    expect(tv.seen(['192.168.1.21', '192.168.1.22'])).toBe(true);
  });
});
