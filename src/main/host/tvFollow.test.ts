import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { viewForRole } from '../../shared';
import type { PageWay } from './phoneAccess';
import { startHost, type RunningHost } from './server';
import { until, type LiveLaptop } from './testing/liveLaptops';
import { bobTakesOver, followingPages, pageReads as pageReadsAt, phonesOn, type PageRead } from './testing/followingPages';
import { TvFollow } from './tvFollow';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): Ann's headless host shows its night on
 * a TV (its table link, beyond loopback: a viewer token of its own) and tells Bob's laptop, which holds the night's
 * live copy, how that TV gets in, beside how its phones do and apart from it. Once Bob's laptop takes the night
 * over, the TV page opened on Ann's link gets in on Bob's at its own port with the token it holds, as the table and
 * nothing else; a phone's token opens nothing there, and the TV's opens nothing on the phones' listener. Ann's
 * listeners are on 127.0.0.1, Bob's on 127.0.0.1 too (the TV's port is free once Ann's laptop is off); Ann's links
 * name 192.168.1.20, so the TV page's origin is another laptop's.
 */
const { switchedOff, annsNight } = followingPages('tv-follow-');

const TV_TOKEN = 'AnnsTvLinkToken_0123456789abcdef';
const ANN_SHOWS = '192.168.1.20';

interface Ann {
  ann: LiveLaptop;
  bob: LiveLaptop;
  nightId: string;
  /** Ann's headless host's own listener (the console and the TV), host and viewer tokens set. */
  annTv: RunningHost;
  /** Ann's phones' way in (W on). */
  phones: PageWay;
}

/** Ann and Bob paired, a night open on Ann's laptop, its TV link (a listener beyond loopback) and its phones on. */
async function annWithATv(): Promise<Ann> {
  let tvWay: PageWay | null = null;
  const { ann, bob, nightId } = await annsNight({ annShows: ANN_SHOWS, bobListens: '127.0.0.1', tvWay: () => tvWay });
  const annTv = await startHost({
    service: ann.session,
    port: 0,
    host: '127.0.0.1',
    rendererDir: ann.root,
    tokens: { host: 'AnnsConsoleToken_0123456789abcdef', viewer: TV_TOKEN },
  });
  tvWay = { token: TV_TOKEN, port: annTv.port, addresses: [ANN_SHOWS] };
  return { ann, bob, nightId, annTv, phones: await phonesOn(ann) };
}

/** Ann's laptop goes (its TV listener with it), and Bob's takes the night over. */
async function annGoesBobTakesOver({ ann, bob, nightId, annTv }: Ann): Promise<void> {
  await annTv.close();
  await switchedOff(ann);
  await bobTakesOver(bob, nightId);
}

/**
 * A page of Ann's link (origin `originHost:port`) opening a socket at 127.0.0.1:`port` as `role` (none: the console):
 * the night it reads, or the HTTP status it was refused with.
 */
const pageReads = (port: number, token: string, role: string | null, originHost = ANN_SHOWS, originPort = port): Promise<PageRead> =>
  pageReadsAt('127.0.0.1', port, token, role, `${originHost}:${originPort}`);

describe('R35: the TV follows a night taken over', () => {
  it("R35: the TV on Ann's link reads the night on Bob's laptop after the takeover, at its own port with its own token, as the table only", async () => {
    const anns = await annWithATv();
    const { bob, nightId, annTv, phones } = anns;
    const port = annTv.port;
    expect(await pageReads(port, TV_TOKEN, 'table', '127.0.0.1')).toEqual({ night: nightId });
    // Bob's laptop holds both ways, each apart.
    await until(() => bob.lan.pageWays.has(nightId, 'tv') && bob.lan.pageWays.has(nightId, 'phones'));

    await annGoesBobTakesOver(anns);
    expect(bob.lan.tvFollow.count).toBe(1);
    expect(await pageReads(port, TV_TOKEN, 'table')).toEqual({ night: nightId });
    // The TV only ever reads: its token opens no phone and no console there.
    expect(await pageReads(port, TV_TOKEN, 'phone')).toEqual({ refused: 403 });
    expect(await pageReads(port, TV_TOKEN, null)).toEqual({ refused: 403 });
    expect(await pageReads(port, TV_TOKEN, 'host')).toEqual({ refused: 403 });
    // A phone's token of Ann's is no TV's, a wrong token nothing, and a page of another origin is not Ann's.
    expect(await pageReads(port, phones.token, 'table')).toEqual({ refused: 401 });
    expect(await pageReads(port, 'wrongwrongwrongwrong', 'table')).toEqual({ refused: 401 });
    expect(await pageReads(port, TV_TOKEN, 'table', 'evil.example')).toEqual({ refused: 403 });
    // On the phones' listener (Ann's phones followed there), the TV's token opens nothing; the phones' own still does.
    const phonesPort = bob.phones?.way()?.port ?? 0;
    expect(phonesPort).toBe(phones.port);
    expect(await pageReads(phonesPort, TV_TOKEN, 'table', ANN_SHOWS)).toEqual({ refused: 401 });
    expect(await pageReads(phonesPort, phones.token, 'phone', ANN_SHOWS)).toEqual({ night: nightId });
  });

  it("R35: the TV's token goes only to the laptop holding the copy, through the peers' door: no screen shows it, no TV or phone may send it", async () => {
    const anns = await annWithATv();
    const { ann, bob, nightId } = anns;
    await until(() => bob.lan.pageWays.has(nightId, 'tv'));
    for (const role of ['host', 'table', 'phone'] as const) {
      expect(JSON.stringify(viewForRole(bob.session.getView(), role)), role).not.toContain(TV_TOKEN);
      expect(JSON.stringify(viewForRole(ann.session.getView(), role)), role).not.toContain(TV_TOKEN);
    }
    for (const role of ['table', 'phone'] as const) {
      const told = await ann.session.run(role, 'groupPeerPhones', {
        laptop: 'l-0000000000000000',
        key: 'k'.repeat(32),
        nightId,
        phones: null,
        tv: { token: 'AnotherTvToken_0123', port: 8080, addresses: ['10.0.0.9'] },
      });
      expect(told).toMatchObject({ ok: false, error: { code: 'forbidden-role' } });
    }
    // Ann's TV is told where to look: Bob's laptop's address (the page adds its own port), and no token.
    expect(viewForRole(ann.session.getView(), 'table').tvAlternates).toEqual(['127.0.0.1']);
    // What another laptop says of that night is not kept (Bob holds its copy from Ann's), and Ann's TV way stays.
    const held = bob.lan.pageWays;
    const stranger = { token: 'StrangersTvToken_0123', port: 8080, addresses: ['10.0.0.9'] };
    expect(held.receive(nightId, 'l-0000000000000000', { phones: null, tv: stranger }, false)).toEqual({ kept: false });
    expect(held.take(nightId, 'l-0000000000000000')).toBeUndefined();
    expect(held.has(nightId, 'tv')).toBe(true);
  });

  it("R35: Bob's console says which of Ann's pages would follow her night there (her TV, her phones), and says so no more once W is off on Ann", async () => {
    const anns = await annWithATv();
    const { ann, bob, nightId } = anns;
    const followOnBob = (): unknown => bob.session.getView().groupLan?.holding.find((copy) => copy.nightId === nightId)?.follow;
    await until(() => bob.lan.pageWays.has(nightId, 'tv') && bob.lan.pageWays.has(nightId, 'phones'));
    expect(followOnBob()).toEqual({ tv: true, phones: true });
    expect((await ann.session.run('host', 'setPhoneAccess', { on: false })).ok).toBe(true);
    expect(followOnBob()).toEqual({ tv: true, phones: false });
    // The console alone is told: a TV or a phone of Bob's is sent no group slice at all.
    for (const role of ['table', 'phone'] as const) expect(viewForRole(bob.session.getView(), role).groupLan).toBeUndefined();
  });

  it('R35: a laptop whose own TV link listens on that port lets the old TV in there (no second listener), table only', async () => {
    const started: number[] = [];
    const follow = new TvFollow({
      rendererDir: os.tmpdir(),
      listen: (options) => {
        started.push(options.port);
        return Promise.reject(new Error('not here'));
      },
    });
    follow.listeningOn(8080);
    const anns = await annWithATv();
    await follow.follow(anns.bob.session, { token: TV_TOKEN, port: 8080, addresses: [ANN_SHOWS] });
    expect(started).toEqual([]);
    expect(follow.tokensOn(8080)).toEqual([TV_TOKEN]);
    expect(follow.originsOn(8080)).toEqual([`${ANN_SHOWS}:8080`]);
    expect(follow.tokensOn(8081)).toEqual([]);
    // Bob's own main listener with its tokens, and the followed TV's: each opens what it did, the TV's the table only.
    const own = await startHost({
      service: anns.bob.session,
      port: 0,
      host: '127.0.0.1',
      rendererDir: os.tmpdir(),
      tokens: { host: 'BobsConsoleToken_0123456789abcdef', viewer: 'BobsTvLinkToken_0123456789abcdef' },
      tvTokens: () => follow.tokensOn(8080),
      otherOrigins: () => follow.originsOn(8080),
    });
    try {
      expect(await pageReads(own.port, TV_TOKEN, 'table', ANN_SHOWS, 8080)).toEqual({ night: null });
      expect(await pageReads(own.port, TV_TOKEN, 'phone', ANN_SHOWS, 8080)).toEqual({ refused: 403 });
      expect(await pageReads(own.port, TV_TOKEN, null, ANN_SHOWS, 8080)).toEqual({ refused: 403 });
      expect(await pageReads(own.port, 'BobsConsoleToken_0123456789abcdef', null, '127.0.0.1')).toEqual({ night: null });
    } finally {
      await own.close();
      await follow.close();
    }
  });
});
