import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { bundleText, GroupHistory, manifestSchema, nightFileName } from '../../group';
import { sha256Hex } from '../../../shared/sha256';
import type { GameSession } from '../gameSession';
import {
  accepted,
  ask,
  closeNight,
  currentNight,
  ok,
  playNight,
  playTurns,
  run,
  startNight,
  TestClock,
  TestLaptops,
  groupOf,
} from '../testing/kit';
import { signManifest } from '../../group/manifest';
import { folderSigner, testContext } from '../../group/testing/context';

let laptops: TestLaptops;
beforeEach(() => {
  laptops = new TestLaptops();
});
afterEach(() => laptops.dispose());

/** Ann's laptop with a group in the shared folder, and one ended night (closed) on it. */
function annWithANight(close = true): { ann: GameSession; clock: TestClock; night: string } {
  const clock = new TestClock();
  const ann = laptops.laptop('ann', clock);
  ok(ann.runNow('groupCreate', { name: 'Friday game' }));
  ok(ann.runNow('groupSetFolder', { path: laptops.folder }));
  const night = creditNight(ann, clock, '2026-01-02');
  if (close) closeNight(ann);
  return { ann, clock, night };
}

/** A night of Ann, Bob and Cat on credit in euros (so the running tab has transfers), played 12 turns and ended. */
function creditNight(laptop: GameSession, clock: TestClock, day: string): string {
  clock.setDay(day);
  startNight(laptop);
  playTurns(laptop, 12);
  ok(run(laptop, 'endNight'));
  return currentNight(laptop).id;
}

function annLaptopId(ann: GameSession): string {
  return groupOf(ann.getView()).laptopId;
}

/**
 * Ann's manifest in the group folder listing `bytes` as `name`, signed with her laptop's key (R35): what her own
 * laptop would share had it written them. A stranger could not sign it, and is set aside for that alone.
 */
function relistAsAnn(annFolder: string, name: string, bytes: Buffer): void {
  const manifestFile = path.join(annFolder, 'manifest.json');
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  manifest.files[name] = { bytes: bytes.byteLength, sha256: sha256Hex(bytes) };
  fs.writeFileSync(manifestFile, JSON.stringify(signManifest(manifest, folderSigner(laptops.dataFolder('ann')))));
}

describe('a group folder', () => {
  it('a night ended on Ann’s laptop shows on Bob’s: the nights list, the all-time board and the running tab', () => {
    const { ann, night } = annWithANight();
    const bob = laptops.laptop('bob');
    expect(bob.getView().group).toBeNull();
    const view = ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    expect(groupOf(view).name).toBe('Friday game');
    expect(groupOf(view).laptops.map((l) => l.me)).toEqual([true, false]);
    expect(ask(bob, 'listNights').map((n) => n.id)).toEqual([night]);
    expect(ask(bob, 'getStandings')).toEqual(ask(ann, 'getStandings'));
    expect(ask(bob, 'getTab')).toEqual(ask(ann, 'getTab'));
    expect(ask(bob, 'getNight', { nightId: night }).night.id).toBe(night);
    // The roster came with it: Bob's lobby offers the players who sat at Ann's.
    expect(
      bob
        .getView()
        .roster.map((p) => p.name)
        .sort(),
    ).toEqual(['Ann', 'Bob', 'Cat']);
  });

  it('a night ended later shows on the other laptop when it looks at the folder', async () => {
    const { ann, clock } = annWithANight();
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    const second = creditNight(ann, clock, '2026-01-09');
    await bob.lookAtGroupFolder();
    expect(ask(bob, 'listNights').map((n) => n.id)).toContain(second);
  });

  it('a night still open is never shared', async () => {
    const { ann, clock } = annWithANight();
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    clock.setDay('2026-01-09');
    ok(ann.runNow('startNight', { players: [{ name: 'Ann' }, { name: 'Bob' }], startingChips: 20, chipValue: 50, currency: 'EUR' }));
    const open = currentNight(ann).id;
    await bob.lookAtGroupFolder();
    expect(ask(bob, 'listNights').map((n) => n.id)).not.toContain(open);
    expect(fs.existsSync(path.join(laptops.folder, annLaptopId(ann), nightFileName(open)))).toBe(false);
  });

  it('R33: reopening on Bob’s laptop the night hosted on Ann’s is refused, naming Ann’s laptop; nothing changes', () => {
    const { ann } = annWithANight();
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    const before = ask(bob, 'listNights');
    const refused = bob.runNow('reopenNight', { stateId: 0 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'night-elsewhere', rule: 'R33' } });
    if (!refused.ok) expect(refused.error.params?.laptop).toBe(groupOf(ann.getView()).laptops[0]?.name);
    expect(ask(bob, 'listNights')).toEqual(before);
  });

  it('R33: a night reopened and ended again by its writer reaches the other laptop extended', async () => {
    const { ann, night } = annWithANight(false);
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    const turnsBefore = ask(bob, 'listNights').find((n) => n.id === night)?.turns;
    ok(ann.runNow('reopenNight', { stateId: currentNight(ann).stateId }));
    ok(run(ann, 'deal'));
    for (let i = 0; i < 40 && currentNight(ann).phase !== 'ended'; i++) {
      const view = currentNight(ann);
      if (view.phase === 'bet') ok(run(ann, 'bet', { amount: 1 }));
      else if (view.phase === 'ace-call') ok(run(ann, 'callAce', { call: 'high' }));
      else if (view.phase === 'pair-call') ok(run(ann, 'callPair', { call: view.pairCalls?.[0] ?? 'higher' }));
      else if (view.phase === 'cut') ok(run(ann, 'cut', { cut: 7 }));
      else if (currentNight(ann).turnsPlayed > (turnsBefore ?? 0)) ok(run(ann, 'endNight'));
      else ok(run(ann, 'deal'));
    }
    expect(currentNight(ann).phase).toBe('ended');
    await bob.lookAtGroupFolder();
    expect(ask(bob, 'listNights').find((n) => n.id === night)?.turns).toBeGreaterThan(turnsBefore ?? 0);
    expect(ask(bob, 'getStandings')).toEqual(ask(ann, 'getStandings'));
    expect(groupOf(bob.getView()).setAside).toEqual([]);
  });

  it('roster edits, merges and paid marks made on one laptop show on the other', async () => {
    const { ann, clock } = annWithANight();
    // A night with a buy-in and a cash-out: the running tab has transfers to mark paid.
    playNight(ann, clock, { players: ['Ann', 'Bob', 'Cat'], day: '2026-01-09', turns: 12, buyInAndCashOut: true });
    closeNight(ann);
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    const cat = bob.getView().roster.find((p) => p.name === 'Cat');
    const annPlayer = bob.getView().roster.find((p) => p.name === 'Ann');
    if (!cat || !annPlayer) throw new Error('no Cat');
    ok(bob.runNow('updatePlayer', { playerId: cat.id, name: 'Caterina' }));
    const transfer = ask(ann, 'getTab').tab[0];
    if (!transfer) throw new Error('no transfer on the tab');
    ok(ann.runNow('markTransfersPaid', { ids: transfer.covers, paid: true }));
    await ann.lookAtGroupFolder();
    await bob.lookAtGroupFolder();
    expect(ann.getView().roster.find((p) => p.id === cat.id)?.name).toBe('Caterina');
    expect(ask(bob, 'getTab')).toEqual(ask(ann, 'getTab'));
    ok(ann.runNow('mergePlayers', { playerId: cat.id, intoPlayerId: annPlayer.id }));
    await bob.lookAtGroupFolder();
    expect(bob.getView().merges).toEqual(ann.getView().merges);
    expect(ask(bob, 'getStandings')).toEqual(ask(ann, 'getStandings'));
  });

  it('a sync tool’s temporary and conflict copies, and a half-copied night, are never taken as whole', async () => {
    const { ann, clock } = annWithANight();
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    const annFolder = path.join(laptops.folder, annLaptopId(ann));
    const second = creditNight(ann, clock, '2026-01-09');
    const file = path.join(annFolder, nightFileName(second));
    const whole = fs.readFileSync(file);
    // As a sync tool copies: the night cut short, its conflict copy and a temporary file beside it.
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    fs.writeFileSync(path.join(annFolder, 'nights', `${second} (conflicted copy).jsonl`), 'garbage');
    fs.writeFileSync(path.join(annFolder, `.syncthing.manifest.json.tmp`), 'garbage');
    fs.mkdirSync(path.join(laptops.folder, `${annLaptopId(ann)} (conflicted copy)`));
    await bob.lookAtGroupFolder();
    expect(ask(bob, 'listNights').map((n) => n.id)).not.toContain(second);
    expect(groupOf(bob.getView()).setAside).toEqual([]);
    fs.writeFileSync(file, whole);
    await bob.lookAtGroupFolder();
    expect(ask(bob, 'listNights').map((n) => n.id)).toContain(second);
    expect(groupOf(bob.getView()).setAside).toEqual([]);
  });

  it('a tampered night (its manifest made to match) is set aside with a notice naming Ann’s laptop, and nothing else changes', async () => {
    const { ann, clock, night } = annWithANight();
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    const board = ask(bob, 'getStandings');
    const second = creditNight(ann, clock, '2026-01-09');
    const annFolder = path.join(laptops.folder, annLaptopId(ann));
    const file = path.join(annFolder, nightFileName(second));
    // A bet made larger than the pot: the night no longer replays to what the rules allow (R17).
    const tampered = fs.readFileSync(file, 'utf8').replace(/"amount":1\}/, '"amount":9999}');
    fs.writeFileSync(file, tampered);
    relistAsAnn(annFolder, nightFileName(second), Buffer.from(tampered));
    await bob.lookAtGroupFolder();
    expect(ask(bob, 'listNights').map((n) => n.id)).toEqual([night]);
    expect(ask(bob, 'getStandings')).toEqual(board);
    const aside = groupOf(bob.getView()).setAside;
    expect(aside).toHaveLength(1);
    expect(aside[0]?.laptop).toBe(groupOf(ann.getView()).laptops[0]?.name);
    expect(aside[0]?.file).toContain(second);
    expect(bob.getView().storageNotices.some((n) => n.reason.includes('(group)'))).toBe(true);
    // Looked at again, the same file is not reported twice.
    await bob.lookAtGroupFolder();
    expect(groupOf(bob.getView()).setAside).toHaveLength(1);
  });
});

describe('values another laptop wrote wrong in the group documents', () => {
  it('a player without a name and a settle mode that is none, in Ann’s docs.yjs, never reach Bob’s view or files', () => {
    const { ann, night } = annWithANight();
    const annFolder = path.join(laptops.folder, annLaptopId(ann));
    const docsFile = path.join(annFolder, 'docs.yjs');
    const forged = new Y.Doc();
    forged.getMap('roster').set('p-forged', { name: { first: 'Mallory' }, colour: '#000000', initials: 'MA', archived: false });
    forged.getMap('modes').set(night, 'pay-me-everything');
    const docs = Buffer.from(Y.mergeUpdates([fs.readFileSync(docsFile), Y.encodeStateAsUpdate(forged)]));
    fs.writeFileSync(docsFile, docs);
    relistAsAnn(annFolder, 'docs.yjs', docs);
    const bob = laptops.laptop('bob');
    const view = ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    expect(view.roster.map((p) => p.name).sort()).toEqual(['Ann', 'Bob', 'Cat']);
    expect(view.roster.some((p) => p.id === 'p-forged')).toBe(false);
    expect(ask(bob, 'getTab')).toEqual(ask(ann, 'getTab'));
    // Restarted, Bob's laptop reads what it wrote: still none of it.
    const again = laptops.laptop('bob');
    expect(again.getView().roster.some((p) => p.id === 'p-forged')).toBe(false);
  });
});

describe('a group file', () => {
  it('an import merges the group into a laptop in no group; importing the same file twice changes nothing', () => {
    const { ann, night } = annWithANight();
    const exported = accepted(ann.runNow('groupExport', {}) as never) as { data: { content: string; fileName: string } };
    const file = path.join(laptops.base, exported.data.fileName);
    fs.writeFileSync(file, exported.data.content);
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupImport', { path: file }));
    expect(ask(bob, 'listNights').map((n) => n.id)).toEqual([night]);
    const once = { nights: ask(bob, 'listNights'), board: ask(bob, 'getStandings'), tab: ask(bob, 'getTab'), roster: bob.getView().roster };
    ok(bob.runNow('groupImport', { path: file }));
    expect({
      nights: ask(bob, 'listNights'),
      board: ask(bob, 'getStandings'),
      tab: ask(bob, 'getTab'),
      roster: bob.getView().roster,
    }).toEqual(once);
    expect(groupOf(bob.getView()).setAside).toEqual([]);
  });

  it('an import never replaces: Bob’s own night stays beside Ann’s', () => {
    const { ann, night } = annWithANight();
    const bobClock = new TestClock();
    const bob = laptops.laptop('bob', bobClock);
    const own = playNight(bob, bobClock, { players: ['Bob', 'Dee'], day: '2026-01-05', turns: 6 });
    closeNight(bob);
    const file = path.join(laptops.base, 'group.json');
    fs.writeFileSync(file, (accepted(ann.runNow('groupExport', {})) as { data: { content: string } }).data.content);
    ok(bob.runNow('groupImport', { path: file }));
    expect(
      ask(bob, 'listNights')
        .map((n) => n.id)
        .sort(),
    ).toEqual([night, own].sort());
  });

  it('a manifest that lies, and a file from a laptop of another group, are set aside naming the laptop; nothing else changes', () => {
    const { ann, night } = annWithANight();
    const bob = laptops.laptop('bob');
    const exported = (accepted(ann.runNow('groupExport', {})) as { data: { content: string } }).data.content;
    const bundle = JSON.parse(exported) as { laptops: { laptopId: string; files: Record<string, string> }[] };
    const files = bundle.laptops[0]?.files ?? {};
    files[nightFileName(night)] = Buffer.from('{"format":"in-between-dealer/night-journal"}\n').toString('base64');
    const lying = path.join(laptops.base, 'lying.json');
    fs.writeFileSync(lying, JSON.stringify(bundle));
    ok(bob.runNow('groupImport', { path: lying }));
    expect(ask(bob, 'listNights')).toEqual([]);
    expect(groupOf(bob.getView()).setAside[0]?.reason).toMatch(/the manifest lies/);
    // A laptop of another group, handed to the way in as a transport would.
    const stranger = laptops.laptop('stranger');
    ok(stranger.runNow('groupCreate', { name: 'Other game' }));
    const strangerData = laptops.dataFolder('stranger');
    const strangerId = groupOf(stranger.getView()).laptopId;
    const strangerFiles = new Map(
      fs.readdirSync(path.join(strangerData, 'group/laptops', strangerId)).flatMap((name) => {
        const full = path.join(strangerData, 'group/laptops', strangerId, name);
        return fs.statSync(full).isFile() ? [[name, fs.readFileSync(full)] as const] : [];
      }),
    );
    const bobGroup = GroupHistory.open(testContext(laptops.dataFolder('bob')));
    const report = bobGroup?.receiveLaptopFiles(strangerId, strangerFiles, { complete: true });
    expect(report?.setAside[0]?.reason).toMatch(/another group/);
    expect(report?.nights).toEqual([]);
  });

  it('a file of another group is refused, naming it; nothing changes', () => {
    const { ann } = annWithANight();
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupCreate', { name: 'Tuesday game' }));
    const file = path.join(laptops.base, 'other.json');
    fs.writeFileSync(file, bundleText(GroupHistory.open(testContext(laptops.dataFolder('ann'), { isOwnNight: () => true }))!, new Date()));
    const refused = bob.runNow('groupImport', { path: file });
    expect(refused).toMatchObject({ ok: false, error: { code: 'other-group', params: { group: 'Friday game' } } });
    expect(ask(bob, 'listNights')).toEqual([]);
    expect(ann.getView().group?.name).toBe('Friday game');
  });
});

describe('payment details, shared player by player', () => {
  it('the host shares Cat’s details: Bob’s laptop shows them and may edit them; Ann’s sees the edit; no longer shared, an edit stays home', async () => {
    const { ann } = annWithANight();
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    const cat = ann.getView().roster.find((p) => p.name === 'Cat')!;
    const catPays = { paypal: 'catpays' };
    ok(ann.runNow('setPayDetails', { party: cat.id, pay: catPays }));
    // Typed on Ann’s laptop, not shared yet: Bob’s laptop knows nothing of them.
    await bob.lookAtGroupFolder();
    expect(ask(bob, 'getPayDetails').players[cat.id]).toBeUndefined();
    expect(groupOf(ok(ann.runNow('groupSharePay', { party: cat.id, share: true }))).sharedPay).toEqual([cat.id]);
    await bob.lookAtGroupFolder();
    expect(ask(bob, 'getPayDetails').players[cat.id]).toEqual(catPays);
    expect(groupOf(bob.getView()).sharedPay).toEqual([cat.id]);
    ok(bob.runNow('setPayDetails', { party: cat.id, pay: { paypal: 'catmoved' } }));
    await ann.lookAtGroupFolder();
    expect(ask(ann, 'getPayDetails').players[cat.id]).toEqual({ paypal: 'catmoved' });
    ok(ann.runNow('groupSharePay', { party: cat.id, share: false }));
    await bob.lookAtGroupFolder();
    expect(groupOf(bob.getView()).sharedPay).toEqual([]);
    ok(bob.runNow('setPayDetails', { party: cat.id, pay: { paypal: 'bobsown' } }));
    await ann.lookAtGroupFolder();
    expect(ask(ann, 'getPayDetails').players[cat.id]).toEqual({ paypal: 'catmoved' });
  });

  it('sharing is refused, naming why and changing nothing: no group, no details typed, no such player', () => {
    const alone = laptops.laptop('solo');
    startNight(alone);
    const cat = alone.getView().roster.find((p) => p.name === 'Cat')!;
    expect(alone.runNow('groupSharePay', { party: cat.id, share: true })).toMatchObject({ ok: false, error: { code: 'not-in-group' } });
    ok(alone.runNow('groupCreate', { name: 'Friday game' }));
    const before = groupOf(alone.getView());
    expect(alone.runNow('groupSharePay', { party: cat.id, share: true })).toMatchObject({
      ok: false,
      error: { code: 'no-pay-details', message: expect.stringContaining('Cat') },
    });
    expect(alone.runNow('groupSharePay', { party: 'p-nobody', share: true })).toMatchObject({
      ok: false,
      error: { code: 'unknown-player' },
    });
    expect(groupOf(alone.getView())).toEqual(before);
  });
});

describe('ids and cards', () => {
  it('a laptop’s and a group’s ids never come from the deck’s source: one deck seed deals the same cards in a group or not, and its laptops differ', () => {
    // Two hosts started with one --deck-seed: one is asked who it is (as the LAN listener does at start) and makes a group.
    const inGroup = laptops.laptop('ann', new TestClock(), 'one seed');
    const alone = laptops.laptop('bob', new TestClock(), 'one seed');
    const annId = inGroup.groupFiles.identity().laptopId;
    ok(inGroup.runNow('groupCreate', { name: 'Friday game' }));
    expect(alone.groupFiles.identity().laptopId).not.toBe(annId);
    startNight(inGroup);
    startNight(alone);
    playTurns(inGroup, 12);
    playTurns(alone, 12);
    const cards = (session: GameSession) => {
      const night = currentNight(session);
      return { deck: night.deck, turn: night.turn, stacks: night.players.map((p) => p.stack) };
    };
    expect(cards(inGroup)).toEqual(cards(alone));
  });
});

describe('a laptop in no group', () => {
  it('works as before: no group in the view, and group commands refused with what to do', () => {
    const solo = laptops.laptop('solo');
    expect(solo.getView().group).toBeNull();
    expect(solo.runNow('groupExport', {})).toMatchObject({ ok: false, error: { code: 'not-in-group' } });
    expect(solo.runNow('groupSetFolder', { path: laptops.folder })).toMatchObject({ ok: false, error: { code: 'not-in-group' } });
    expect(fs.existsSync(path.join(laptops.dataFolder('solo'), 'group'))).toBe(false);
  });

  it('leaving a group keeps everything taken in aside and shares nothing more', () => {
    const { night } = annWithANight();
    const bob = laptops.laptop('bob');
    ok(bob.runNow('groupSetFolder', { path: laptops.folder }));
    expect(ask(bob, 'listNights').map((n) => n.id)).toEqual([night]);
    ok(bob.runNow('groupLeave', {}));
    expect(bob.getView().group).toBeNull();
    expect(ask(bob, 'listNights')).toEqual([]);
    const left = fs.readdirSync(laptops.dataFolder('bob')).filter((name) => name.startsWith('group-left-'));
    expect(left).toHaveLength(1);
  });
});
