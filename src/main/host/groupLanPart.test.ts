import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  PAIRING_ALPHABET,
  PAIRING_LIFETIME_MS,
  WIRE_PATH,
  wireQuery,
  type AppView,
  type PairingStart,
  type WireMessage,
} from '../../shared';
import { MAX_WRONG_GUESSES, PEERS_FILE } from '../group/pairing';
import { PeerLink } from './peerLink';
import { startHost, type RunningHost } from './server';
import { lanLaptop, type LanLaptop } from './testing/lanLaptop';
import { MemoryGroupFiles } from './testing/memoryGroupFiles';

const GROUP = { id: 'g-00000000000000aa', name: 'Friday' };
let workDir: string;
let clock: number;
const laptops: LanLaptop[] = [];

async function laptop(
  name: string,
  group: typeof GROUP | null,
  syncEveryMs = 60_000,
  laptopId = `l-${name.padEnd(16, '0')}`,
): Promise<{ lan: LanLaptop; files: MemoryGroupFiles; dir: string }> {
  const dir = join(workDir, name);
  const files = new MemoryGroupFiles(laptopId, name, group);
  const lan = await lanLaptop({
    dataRoot: dir,
    rendererDir: workDir,
    files,
    ports: [0],
    listenAddress: '127.0.0.1',
    addresses: () => ['127.0.0.1'],
    syncEveryMs,
    now: () => clock,
  });
  laptops.push(lan);
  return { lan, files, dir };
}

async function pairStart(lan: LanLaptop): Promise<PairingStart> {
  const started = await lan.run('host', 'groupPairStart', {});
  if (!started.ok) throw new Error(started.error.message);
  return started.data as PairingStart;
}

function refusalCode(result: { ok: true } | { ok: false; error: { code: string } }): string | null {
  return result.ok ? null : result.error.code;
}

beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'dealer-grouplan-'));
  clock = Date.parse('2026-11-28T20:00:00Z');
});

afterEach(async () => {
  await Promise.all(laptops.splice(0).map((lan) => lan.shutDown()));
  await rm(workDir, { recursive: true, force: true });
});

describe('pairing two laptops of a group', () => {
  it('shows a code of at least 64 bits, as text and as what the QR code holds, with the address to type', async () => {
    const ann = await laptop('ann', GROUP);
    const start = await pairStart(ann.lan);
    expect(start.code).toHaveLength(16);
    expect(16 * Math.log2(PAIRING_ALPHABET.length)).toBeGreaterThanOrEqual(64);
    expect(start.shown).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(start.offer).toContain(start.shown);
    expect(start.addresses[0]).toMatch(/^127\.0\.0\.1:\d+$/);
    // The view says a code is open, never which.
    const view = ann.lan.getView();
    expect(view.groupLan?.pairingUntil).toBe(new Date(clock + PAIRING_LIFETIME_MS).toISOString());
    expect(JSON.stringify(view)).not.toContain(start.code);
  });

  it('pairs with the code typed on the other laptop, which joins the group; both then hold each other and sync both ways', async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    ann.files.publish('nights/n-ann.jsonl', 'ann night\n');
    bob.files.publish('nights/n-bob.jsonl', 'bob night\n');
    const start = await pairStart(ann.lan);

    const joined = await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.shown.toUpperCase() });
    expect(refusalCode(joined)).toBeNull();
    expect(bob.files.group).toEqual(GROUP);
    expect(bob.lan.getView().groupLan?.paired.map((p) => p.name)).toEqual(['ann']);
    expect(ann.lan.getView().groupLan?.paired.map((p) => p.name)).toEqual(['bob']);
    // The first exchange happened at once: Bob holds Ann's night.
    expect(bob.files.text(ann.files.laptopId, 'nights/n-ann.jsonl')).toBe('ann night\n');
    await ann.lan.syncNow();
    expect(ann.files.text(bob.files.laptopId, 'nights/n-bob.jsonl')).toBe('bob night\n');
    expect(ann.lan.getView().groupLan?.pairingUntil).toBeNull();
  });

  it('lists a paired laptop by the name the group knows it by, not the one it paired under (renamed since: docs/group.md)', async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    const start = await pairStart(ann.lan);
    // Ann pairs as "ann"; the group's documents name her laptop otherwise (what Bob's core learns from them).
    bob.files.names.set(ann.files.laptopId, 'Kitchen laptop');
    expect(refusalCode(await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.shown }))).toBeNull();
    expect(bob.lan.getView().groupLan?.paired.map((p) => p.name)).toEqual(['Kitchen laptop']);
  });

  it('takes a code once: typed again (on a third laptop) it is refused, and nothing is paired', async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    const cat = await laptop('cat', null);
    const start = await pairStart(ann.lan);
    expect(refusalCode(await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code }))).toBeNull();
    const again = await cat.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    expect(refusalCode(again)).toBe('pairing-refused');
    expect(cat.lan.getView().groupLan?.paired).toEqual([]);
    expect(cat.files.group).toBeNull();
    expect(ann.lan.getView().groupLan?.paired.map((p) => p.name)).toEqual(['bob']);
  });

  it('refuses a code more than 5 minutes old', async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    const start = await pairStart(ann.lan);
    clock += PAIRING_LIFETIME_MS;
    const late = await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    expect(refusalCode(late)).toBe('pairing-refused');
    expect(ann.lan.getView().groupLan?.pairingUntil).toBeNull();
    expect(bob.lan.getView().groupLan?.paired).toEqual([]);
  });

  it(`closes the code after ${MAX_WRONG_GUESSES} wrong guesses: the right one is then refused too`, async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    const start = await pairStart(ann.lan);
    const wrong = start.code.startsWith('a') ? `b${start.code.slice(1)}` : `a${start.code.slice(1)}`;
    for (let guess = 0; guess < MAX_WRONG_GUESSES; guess++) {
      expect(refusalCode(await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: wrong }))).toBe('pairing-refused');
    }
    const right = await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    expect(refusalCode(right)).toBe('pairing-refused');
    expect(ann.lan.getView().groupLan?.paired).toEqual([]);
  });

  it('needs a group on the laptop showing the code, and refuses two laptops of different groups', async () => {
    const lone = await laptop('lone', null);
    expect(refusalCode(await lone.lan.run('host', 'groupPairStart', {}))).toBe('pairing-needs-group');
    const ann = await laptop('ann', GROUP);
    const dan = await laptop('dan', { id: 'g-00000000000000bb', name: 'Tuesday' });
    const start = await pairStart(ann.lan);
    const other = await dan.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    expect(refusalCode(other)).toBe('pairing-other-group');
    expect(ann.lan.getView().groupLan?.paired).toEqual([]);
    expect(dan.lan.getView().groupLan?.paired).toEqual([]);
  });

  it('says clearly when nothing answers at the address, and a malformed code changes nothing', async () => {
    const bob = await laptop('bob', null);
    const nobody = await startHost({ service: bob.lan, port: 0, rendererDir: workDir });
    const port = nobody.port;
    await nobody.close();
    const none = await bob.lan.run('host', 'groupPairJoin', { address: `127.0.0.1:${port}`, code: 'abcd-efgh-ijkm-npqr' });
    expect(refusalCode(none)).toBe('peer-unreachable');
    expect(refusalCode(await bob.lan.run('host', 'groupPairJoin', { address: `127.0.0.1:${port}`, code: 'short' }))).toBe('invalid-input');
    expect(refusalCode(await bob.lan.run('host', 'groupPairJoin', { address: 'no port', code: 'abcd-efgh-ijkm-npqr' }))).toBe(
      'invalid-input',
    );
  });

  it('keeps the pairing on disk for this user only, with the key the other shows as its sha256, never in plain', async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    const start = await pairStart(ann.lan);
    await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    const kept = JSON.parse(await readFile(join(ann.dir, PEERS_FILE), 'utf8')) as { peers: { theirKey: string; ourKeySha256: string }[] };
    const bobKept = JSON.parse(await readFile(join(bob.dir, PEERS_FILE), 'utf8')) as { peers: { theirKey: string }[] };
    // What Bob shows Ann is kept at Ann's as its hash only.
    expect(kept.peers[0]?.ourKeySha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept)).not.toContain(bobKept.peers[0]?.theirKey);
    expect((await stat(join(ann.dir, PEERS_FILE))).mode & 0o077).toBe(0);
  });
});

describe('who may use the group listener', () => {
  it('lets only the pairing code or a paired key open a socket, and a paired key opens nothing but the sync messages', async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    const start = await pairStart(ann.lan);
    await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    const address = start.addresses[0] as string;
    // No token, a made-up one, and a console or phone role: refused before any message.
    for (const query of ['', wireQuery('peer', 'x'.repeat(32)), wireQuery('host', 'x'.repeat(32))]) {
      const status = await upgradeStatus(`ws://${address}${WIRE_PATH}${query}`);
      expect(status).toBe(401);
    }
    const bobKey = JSON.parse(await readFile(join(bob.dir, PEERS_FILE), 'utf8')) as { peers: { theirKey: string }[] };
    const key = bobKey.peers[0]?.theirKey as string;
    expect(await upgradeStatus(`ws://${address}${WIRE_PATH}${wireQuery('phone', key)}`)).toBe(403);
    const link = await PeerLink.open(address, key);
    try {
      // A peer that sends what only the console may: the link is typed for a peer's questions, so the test says otherwise.
      const asHost = await link.request('groupPairStart' as 'groupPeerManifest', {});
      expect(refusalCode(asHost)).toBe('forbidden-role');
      const view = await link.request('listNights' as 'groupPeerManifest', {});
      expect(refusalCode(view)).toBe('forbidden-role');
      const wrongKey = await link.request('groupPeerManifest', { laptop: bob.files.laptopId, key: 'y'.repeat(32) });
      expect(refusalCode(wrongKey)).toBe('not-paired');
      const manifest = await link.request('groupPeerManifest', { laptop: bob.files.laptopId, key });
      expect(manifest.ok).toBe(true);
      // A peer's answer carries no view of Ann's table.
      expect(manifest.ok && 'view' in manifest ? manifest.view : undefined).toBeUndefined();
      const escape = await link.request('groupPeerFiles', {
        laptop: bob.files.laptopId,
        key,
        of: ann.files.laptopId,
        paths: ['../lan-peers.json'],
      });
      expect(refusalCode(escape)).toBe('invalid-input');
    } finally {
      link.close();
    }
  });

  it('refuses the pairing commands from a table or a phone, and the peer messages from the console', async () => {
    const ann = await laptop('ann', GROUP);
    for (const role of ['table', 'phone'] as const) {
      expect(refusalCode(await ann.lan.run(role, 'groupPairStart', {}))).toBe('forbidden-role');
      expect(refusalCode(await ann.lan.run(role, 'groupUnpair', { laptopId: 'l-0000000000000000' }))).toBe('forbidden-role');
    }
    expect(refusalCode(await ann.lan.run('host', 'groupPeerManifest', { laptop: 'l-0000000000000000', key: 'k'.repeat(32) }))).toBe(
      'forbidden-role',
    );
    expect(ann.lan.getView().groupLan?.pairingUntil).toBeNull();
  });

  it('never gives the group to a table or a phone socket, asked for or pushed; the console gets it', async () => {
    const ann = await laptop('ann', GROUP);
    await pairStart(ann.lan);
    const host: RunningHost = await startHost({ service: ann.lan, port: 0, rendererDir: workDir });
    try {
      for (const role of ['table', 'phone'] as const) {
        const [asked, pushed] = await askedAndPushed(`ws://127.0.0.1:${host.port}${WIRE_PATH}${wireQuery(role, null)}`, () =>
          pairStart(ann.lan),
        );
        expect(asked).not.toHaveProperty('groupLan');
        expect(pushed).not.toHaveProperty('groupLan');
      }
      const [asked, pushed] = await askedAndPushed(`ws://127.0.0.1:${host.port}${WIRE_PATH}`, () => pairStart(ann.lan));
      expect(asked).toHaveProperty('groupLan');
      expect(pushed).toHaveProperty('groupLan');
    } finally {
      await host.close();
    }
  });
});

describe('syncing paired laptops', () => {
  it('shows a night ended on one laptop on the other within 2 s, while both are on', async () => {
    const ann = await laptop('ann', GROUP, 250);
    const bob = await laptop('bob', null, 250);
    const start = await pairStart(ann.lan);
    await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    const endedAt = performance.now();
    ann.files.publish('nights/n-late.jsonl', 'ended just now\n');
    while (bob.files.text(ann.files.laptopId, 'nights/n-late.jsonl') === undefined && performance.now() - endedAt < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(bob.files.text(ann.files.laptopId, 'nights/n-late.jsonl')).toBe('ended just now\n');
    expect(performance.now() - endedAt).toBeLessThan(2000);
  });

  it('fetches only what changed, and hands a manifest to the core once', async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    ann.files.publish('nights/n1.jsonl', 'one\n');
    const start = await pairStart(ann.lan);
    await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    await bob.lan.syncNow();
    await bob.lan.syncNow();
    ann.files.publish('nights/n2.jsonl', 'two\n');
    await bob.lan.syncNow();
    expect(bob.files.received).toEqual([
      { laptopId: ann.files.laptopId, paths: ['manifest.json', 'nights/n1.jsonl'] },
      { laptopId: ann.files.laptopId, paths: ['manifest.json', 'nights/n2.jsonl'] },
    ]);
  });

  it('unpaired on one laptop: its key opens nothing there, and the other forgets the pairing too', async () => {
    const ann = await laptop('ann', GROUP);
    const bob = await laptop('bob', null);
    const start = await pairStart(ann.lan);
    await bob.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    expect(refusalCode(await ann.lan.run('host', 'groupUnpair', { laptopId: bob.files.laptopId }))).toBeNull();
    expect(ann.lan.getView().groupLan?.paired).toEqual([]);
    ann.files.publish('nights/after.jsonl', 'after\n');
    for (let round = 0; round < 3; round++) await bob.lan.syncNow();
    expect(bob.files.text(ann.files.laptopId, 'nights/after.jsonl')).toBeUndefined();
    expect(bob.lan.getView().groupLan?.paired).toEqual([]);
    expect(refusalCode(await ann.lan.run('host', 'groupUnpair', { laptopId: bob.files.laptopId }))).toBe('not-paired');
  });
});

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.terminate();
    });
    socket.once('error', () => resolve(0));
  });
}

/** The view a socket gets when it asks, then the one pushed to it after `change` runs. */
function askedAndPushed(url: string, change: () => Promise<unknown>): Promise<[AppView, AppView]> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let asked: AppView | null = null;
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, method: 'getView' })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as WireMessage;
      if (message.type === 'reply' && message.result.ok && asked === null) {
        asked = message.result.view;
        void change();
      } else if (message.type === 'view' && asked !== null) {
        resolve([asked, message.view]);
        socket.terminate();
      }
    });
    socket.once('error', reject);
  });
}

describe('one id, one laptop (docs/group.md)', () => {
  it('a laptop that says hello with this laptop’s id is refused, naming why, and both hosts are told; typing its own code is not that', async () => {
    const ann = await laptop('ann', GROUP);
    // Ann's data folder copied to another laptop: the copy has Ann's laptop id.
    const copy = await laptop('ann-copy', GROUP, 60_000, ann.files.laptopId);
    const start = await pairStart(ann.lan);
    const joined = await copy.lan.run('host', 'groupPairJoin', { address: start.addresses[0], code: start.code });
    expect(refusalCode(joined)).toBe('laptop-id-shared');
    expect(ann.files.sameId).toEqual(['ann-copy']);
    expect(copy.files.sameId).toEqual(['ann']);
    const own = await pairStart(ann.lan);
    expect(refusalCode(await ann.lan.run('host', 'groupPairJoin', { address: own.addresses[0], code: own.code }))).toBe('pairing-refused');
    expect(ann.files.sameId).toEqual(['ann-copy']);
  });
});
