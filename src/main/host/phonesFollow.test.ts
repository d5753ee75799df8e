import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { WireMessage } from '../../shared';
import { until, type LiveLaptop } from './testing/liveLaptops';
import { bobTakesOver, followingPages, pageReads as pageReadsAt, phonesOn, type PageRead } from './testing/followingPages';

/**
 * R35, what follows a takeover (docs/group-lan.md "What follows a takeover"): Ann's laptop lets phones watch its
 * night and tells Bob's, which holds the night's live copy, how those phones get in; once Bob's laptop takes the
 * night over, a page opened on Ann's link gets in on Bob's with the token it holds, and only with one Ann had not
 * revoked. Ann's phones listen on 127.0.0.1, Bob's on 127.0.0.2: two laptops of one Wi-Fi.
 */
const { switchedOff, annsNight } = followingPages('phones-follow-');

/** Ann and Bob paired, a night open on Ann's laptop; `annShows`: the LAN address Ann's phones' links name. */
const twoLaptops = (annShows = '127.0.0.1'): Promise<{ ann: LiveLaptop; bob: LiveLaptop; nightId: string }> => annsNight({ annShows });

/** A phone's page opened on Ann's link (origin 127.0.0.1:port, unless told) opening its socket at `address`. */
const pageReads = (address: string, port: number, token: string, originPort = port, originHost = '127.0.0.1'): Promise<PageRead> =>
  pageReadsAt(address, port, token, 'phone', `${originHost}:${originPort}`);

describe('R35: the phones follow a night taken over', () => {
  it("R35: a phone of Ann's gets in on Bob's laptop after the takeover with the token it holds, no new link", async () => {
    const { ann, bob, nightId } = await twoLaptops();
    const { port, token } = await phonesOn(ann);
    expect(await pageReads('127.0.0.1', port, token)).toEqual({ night: nightId });
    // Ann's phones are told where to look should Ann's laptop go: Bob's address, never a token of Bob's.
    await until(() => bob.lan.pageWays.has(nightId));
    expect(bob.phones?.isOn).toBe(false);

    await switchedOff(ann);
    await bobTakesOver(bob, nightId);
    // Bob's laptop let phones watch with Ann's token, on Ann's port: the page's own address works if it moved there too.
    expect(bob.phones?.way()).toMatchObject({ token, port });
    expect(await pageReads('127.0.0.2', port, token)).toEqual({ night: nightId });
    // A wrong token is refused there as anywhere.
    expect(await pageReads('127.0.0.2', port, 'wrongwrongwrong2')).toEqual({ refused: 401 });
  });

  it('R35: a token revoked by W off on Ann is not let in on Bob; the new link is', async () => {
    const { ann, bob, nightId } = await twoLaptops();
    const first = await phonesOn(ann);
    await until(() => bob.lan.pageWays.has(nightId));
    const off = await ann.session.run('host', 'setPhoneAccess', { on: false });
    expect(off.ok).toBe(true);
    // W off on Ann: Bob's laptop drops the token too.
    await until(() => !bob.lan.pageWays.has(nightId));
    const second = await phonesOn(ann);
    expect(second.token).not.toBe(first.token);
    await until(() => bob.lan.pageWays.has(nightId));

    await switchedOff(ann);
    const taken = await bob.session.run('host', 'takeOverNight', { nightId });
    expect(taken.ok).toBe(true);
    const port = bob.phones?.way()?.port ?? 0;
    expect(await pageReads('127.0.0.2', port, first.token, first.port)).toEqual({ refused: 403 });
    expect(await pageReads('127.0.0.2', port, first.token, second.port)).toEqual({ refused: 401 });
    expect(await pageReads('127.0.0.2', port, second.token, second.port)).toEqual({ night: nightId });
  });

  it('R35: W off on Ann has reached Bob once the command is answered: Ann gone right after, Bob lets the revoked phone in nowhere', async () => {
    const { ann, bob, nightId } = await twoLaptops();
    const { port, token } = await phonesOn(ann);
    await until(() => bob.lan.pageWays.has(nightId));
    expect((await ann.session.run('host', 'setPhoneAccess', { on: false })).ok).toBe(true);
    // No wait: the revocation went to Bob before the host saw W off done, not with the next round.
    expect(bob.lan.pageWays.has(nightId)).toBe(false);
    await switchedOff(ann);
    expect((await bob.session.run('host', 'takeOverNight', { nightId })).ok).toBe(true);
    expect(bob.phones?.isOn).toBe(false);
    await expect(pageReads('127.0.0.2', port, token)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('R35: a new link on Ann has reached Bob once the command is answered: after the takeover the old token is refused there, the new one let in', async () => {
    const { ann, bob, nightId } = await twoLaptops();
    const { port, token: old } = await phonesOn(ann);
    await until(() => bob.lan.pageWays.has(nightId));
    expect((await ann.session.run('host', 'newPhoneLink', {})).ok).toBe(true);
    const fresh = ann.phones?.way()?.token ?? '';
    expect(fresh).not.toBe(old);
    await switchedOff(ann);
    expect((await bob.session.run('host', 'takeOverNight', { nightId })).ok).toBe(true);
    expect(await pageReads('127.0.0.2', port, old)).toEqual({ refused: 401 });
    expect(await pageReads('127.0.0.2', port, fresh)).toEqual({ night: nightId });
  });

  it('R35: phones off on Ann when it went: Bob lets no phone in, its listener stays off', async () => {
    const { ann, bob, nightId } = await twoLaptops();
    await phonesOn(ann);
    await until(() => bob.lan.pageWays.has(nightId));
    await ann.session.run('host', 'setPhoneAccess', { on: false });
    await until(() => !bob.lan.pageWays.has(nightId));
    await switchedOff(ann);
    expect((await bob.session.run('host', 'takeOverNight', { nightId })).ok).toBe(true);
    expect(bob.phones?.isOn).toBe(false);
  });

  it("R35: a TV or a phone never gets another laptop's token, nor may send the peer message", async () => {
    // Ann's links name a Wi-Fi address, Bob's laptop was paired at 127.0.0.1: the pages are told to look there.
    const { ann, bob, nightId } = await twoLaptops('192.168.1.20');
    const { token, port: annPort } = await phonesOn(ann);
    await until(() => bob.lan.pageWays.has(nightId));
    // Bob's laptop lets its own phones watch too: its token is Bob's alone.
    await bob.session.run('host', 'setPhoneAccess', { on: true });
    const bobToken = bob.phones?.way()?.token ?? '';
    expect(bobToken).not.toBe('');
    for (const role of ['table', 'phone'] as const) {
      const seen = JSON.stringify(ann.session.getView());
      expect(seen).not.toContain(bobToken);
      const told = await ann.session.run(role, 'groupPeerPhones', {
        laptop: 'l-0000000000000000',
        key: 'k'.repeat(32),
        nightId,
        phones: null,
      });
      expect(told).toMatchObject({ ok: false, error: { code: 'forbidden-role' } });
    }
    // What the screens of Ann's laptop are sent names Bob's laptop's address, and no token but the phones' own.
    expect(ann.session.getView().phones?.alternates).toEqual([`127.0.0.1:${annPort}`]);
    const tokens = [...JSON.stringify(ann.session.getView()).matchAll(/token=([a-z0-9]+)/g)].map((match) => match[1]);
    expect(new Set(tokens)).toEqual(new Set([token]));
    // A phone's socket on Ann's listener cannot send it either.
    const port = annPort;
    const reply = await new Promise<WireMessage>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?role=phone&token=${token}`);
      socket.once('error', reject);
      socket.once('open', () =>
        socket.send(
          JSON.stringify({
            id: 7,
            method: 'groupPeerPhones',
            args: { laptop: 'l-0000000000000000', key: 'k'.repeat(32), nightId, phones: null },
          }),
        ),
      );
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as WireMessage;
        if ((message.type === 'reply' || message.type === 'error') && message.id === 7) {
          socket.close();
          resolve(message);
        }
      });
    });
    expect(reply.type === 'reply' ? reply.result.ok : false).toBe(false);
    expect(bob.lan.pageWays.has(nightId)).toBe(true);
    // Bob's laptop holds Ann's token, and shows it to no screen of its own, the console included.
    for (const role of ['host', 'table', 'phone'] as const) expect(JSON.stringify(bob.session.getView()), role).not.toContain(token);
  });

  it("R35: the phone page's CSP lets it open a socket to the paired laptops it is told of, and nowhere else", async () => {
    const { ann } = await twoLaptops('192.168.1.20');
    const { port, token } = await phonesOn(ann);
    const response = await fetch(`http://127.0.0.1:${port}/phone.html?token=${token}`);
    expect(response.status).toBe(200);
    const connect = response.headers
      .get('content-security-policy')
      ?.split('; ')
      .find((part) => part.startsWith('connect-src'));
    expect(connect).toBe(`connect-src 'self' ws://127.0.0.1:${port}`);
  });

  it("R35: Bob's phones already on: Ann's pages get in beside Bob's own, and W off on Bob shuts them out too", async () => {
    const { ann, bob, nightId } = await twoLaptops();
    const { port, token } = await phonesOn(ann);
    await until(() => bob.lan.pageWays.has(nightId));
    await bob.session.run('host', 'setPhoneAccess', { on: true });
    const bobs = bob.phones?.way();
    if (!bobs) throw new Error("Bob's phones are not on");
    await switchedOff(ann);
    expect((await bob.session.run('host', 'takeOverNight', { nightId })).ok).toBe(true);
    expect(await pageReads('127.0.0.2', bobs.port, token, port)).toEqual({ night: nightId });
    expect(await pageReads('127.0.0.2', bobs.port, bobs.token, bobs.port, '127.0.0.2')).toEqual({ night: nightId });
    await bob.session.run('host', 'setPhoneAccess', { on: false });
    await bob.session.run('host', 'setPhoneAccess', { on: true });
    const again = bob.phones?.way()?.port ?? 0;
    expect(await pageReads('127.0.0.2', again, token, port)).toMatchObject({ refused: expect.any(Number) });
  });
});
