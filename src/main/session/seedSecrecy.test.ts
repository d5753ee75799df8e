import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardCode, CommandName, NightView } from '../../shared';
import { commitmentOf } from '../engine';
import { decodeJournal, replayJournal, seedsRetired } from '../night';
import { createConfBackend } from '../store';
import type { OsKeychain } from '../store/seedKey';
import { GameSession } from './gameSession';
import {
  accepted,
  ask,
  countingBytes,
  currentNight,
  ok,
  run as runOn,
  seedsInPlay,
  sessionFolderPerTest,
  startNight,
  TestClock,
} from './testing/kit';

/**
 * With `cards: deck` the seed of the deck in play is the one secret of the
 * table (R9, R12): the journal beside the night holds it sealed, so the
 * file shows no card to come; a restart still deals the same cards, an old
 * journal with plain seeds still plays, and a lost key voids only the deck
 * in play, saying so.
 */

const folder = sessionFolderPerTest('dealer-seed-secrecy-');
const extraRoots: string[] = [];

afterEach(() => {
  for (const root of extraRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function run(session: GameSession, command: CommandName, args: object = {}): NightView {
  ok(runOn(session, command, args));
  return currentNight(session);
}

/** One command, whichever the table is waiting for (cut 4, Enter to deal, aces high, bet 1). */
function step(session: GameSession): NightView {
  const { phase } = currentNight(session);
  if (phase === 'cut') return run(session, 'cut', { cut: 4 });
  if (phase === 'ready') return run(session, 'deal');
  if (phase === 'ace-call') return run(session, 'callAce', { call: 'high' });
  if (phase === 'pair-call') return run(session, 'callPair', { call: 'higher' });
  return run(session, 'bet', { amount: 1 });
}

/** A night of four at the table, played until a turn has been dealt from the deal's deck and more of it is still to come. */
function nightInMidDeal(session: GameSession): NightView {
  startNight(session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cat' }, { name: 'Dan' }], chipValue: 10 });
  run(session, 'drawForDealer');
  let night = currentNight(session);
  for (
    let n = 0;
    n < 200 && !(night.deck?.purpose === 'play' && night.turnsPlayed >= 5 && night.phase === 'ready' && night.dealUnderWay);
    n++
  )
    night = step(session);
  expect(night.deck?.seed, 'a deck in play, its seed still secret').toBeNull();
  return night;
}

function journalBytes(root: string, nightId: string): Buffer {
  return fs.readFileSync(path.join(root, 'nights', `${nightId}.jsonl`));
}

/** The cards each of the next `steps` commands turns, with the deck they came from. */
function nextCards(session: GameSession, steps: number): { deck: string | undefined; cards: CardCode[] }[] {
  const seen: { deck: string | undefined; cards: CardCode[] }[] = [];
  for (let n = 0; n < steps; n++) {
    const night = step(session);
    seen.push({ deck: night.deck?.commitment, cards: (night.turn?.cards ?? []).map((c) => c.card) });
  }
  return seen;
}

function copyOfFolder(root: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-seed-secrecy-copy-'));
  extraRoots.push(copy);
  fs.cpSync(root, copy, { recursive: true });
  return copy;
}

/** A stand-in for the OS keychain: it encrypts by xor with a secret only it holds, and refuses blobs it did not make. */
function fakeKeychain(secret = 0x5a): OsKeychain {
  return {
    encrypt: (text) => Buffer.concat([Buffer.from([secret]), Buffer.from(text, 'utf8').map((b) => b ^ secret)]),
    decrypt: (blob) => {
      if (blob[0] !== secret) throw new Error('this keychain did not make it');
      return Buffer.from(blob.subarray(1).map((b) => b ^ secret)).toString('utf8');
    },
  };
}

describe('the seed of the deck in play on disk (R9, R12)', () => {
  it('R9, R12: the journal holds no seed of a deck still in play, in hex or as bytes, only its commitment; retired seeds are there in plain', () => {
    const session = folder.start();
    const night = nightInMidDeal(session);
    const live = seedsInPlay(session.currentNight);
    const retired = seedsRetired(session.currentNight?.events ?? []);
    expect(live).toHaveLength(1);
    expect(retired.length).toBeGreaterThan(0);
    const bytes = journalBytes(folder.root, night.id);
    for (const seed of live) {
      expect(bytes.includes(seed), 'the live seed in hex').toBe(false);
      expect(bytes.includes(Buffer.from(seed, 'hex')), 'the live seed as bytes').toBe(false);
      expect(bytes.includes(commitmentOf(seed)), 'its commitment, public on the table').toBe(true);
    }
    for (const seed of retired) expect(bytes.includes(seed), `retired ${seed}`).toBe(true);
  });

  it('R9, R12: the key is kept outside the nights folder, readable by this user only', () => {
    const session = folder.start();
    nightInMidDeal(session);
    expect(fs.readdirSync(path.join(folder.root, 'nights')).some((name) => name.includes('key'))).toBe(false);
    const key = path.join(folder.root, 'seed-key');
    expect(fs.readFileSync(key, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    if (process.platform !== 'win32') expect(fs.statSync(key).mode & 0o777).toBe(0o600);
  });

  it('R9, R12: the export of the open night holds no seed of the deck in play', () => {
    const session = folder.start();
    const night = nightInMidDeal(session);
    const { content } = ask(session, 'exportNight', { nightId: night.id, format: 'json' });
    const live = seedsInPlay(session.currentNight);
    expect(live).toHaveLength(1);
    for (const seed of live) expect(content.includes(seed)).toBe(false);
  });
});

describe('a restart mid-night (R9, R12)', () => {
  it('R9, R12: a restart deals the same next cards from the deck in play', () => {
    const before = folder.start();
    const night = nightInMidDeal(before);
    const restarted = copyOfFolder(folder.root);
    const played = nextCards(before, 4);
    const again = new GameSession({
      storage: createConfBackend(restarted),
      randomBytes: countingBytes('after restart'),
      now: new TestClock().now,
    });
    try {
      expect(currentNight(again).deck?.commitment).toBe(night.deck?.commitment);
      const replayed = nextCards(again, 4);
      const fromThatDeck = (seen: typeof played) => seen.filter((s) => s.deck === night.deck?.commitment);
      expect(fromThatDeck(played).flatMap((s) => s.cards).length).toBeGreaterThan(0);
      expect(fromThatDeck(replayed)).toEqual(fromThatDeck(played));
    } finally {
      again.close();
    }
  });

  it('R9, R12: with the OS keychain the key file holds only what the keychain sealed, and a restart deals the same cards', () => {
    const clock = new TestClock();
    const open = () =>
      new GameSession({
        storage: createConfBackend(folder.root),
        randomBytes: countingBytes('keychain'),
        now: clock.now,
        keychain: fakeKeychain(),
      });
    const before = open();
    const night = nightInMidDeal(before);
    const remaining = night.deck?.remaining;
    before.close();
    expect(fs.existsSync(path.join(folder.root, 'seed-key'))).toBe(false);
    const kept = fs.readFileSync(path.join(folder.root, 'seed-key.keychain'));
    expect(kept.toString('latin1')).not.toMatch(/[0-9a-f]{64}/);
    const after = open();
    try {
      expect(after.getView().storageNotices).toEqual([]);
      expect(currentNight(after).deck).toMatchObject({ commitment: night.deck?.commitment, remaining, seed: null });
    } finally {
      after.close();
    }
  });
});

describe('a journal written before seeds were sealed (R9, R12)', () => {
  it('R9, R12: an open night whose journal holds its seeds in plain replays, plays on and replays again', () => {
    const fixture = fs.readFileSync(path.join(__dirname, '..', 'night', 'fixtures', 'night-journal-v1.jsonl'), 'utf8');
    const lines = fixture.split('\n').filter((line) => line !== '');
    // Without its end line: the night is still open, its deck in play written in plain by the older version.
    const open = `${lines.slice(0, -1).join('\n')}\n`;
    const { header, entries } = decodeJournal(open);
    const expected = replayJournal(entries);
    fs.mkdirSync(path.join(folder.root, 'nights'), { recursive: true });
    fs.writeFileSync(path.join(folder.root, 'nights', `${header.night}.jsonl`), open);

    const session = folder.start();
    const night = currentNight(session);
    // Only the journal was put there: the other documents are reported missing, but nothing is set aside.
    const setAside = (view: GameSession) => view.getView().storageNotices.filter((n) => n.kind === 'set-aside');
    expect(setAside(session)).toEqual([]);
    expect(night.id).toBe(header.night);
    expect(night.turnsPlayed).toBe(expected.turns.length);
    expect(night.players.map((p) => p.stack)).toEqual(expected.state.players.map((p) => expected.state.stacks[p.id]));
    const played = nextCards(session, 8);
    expect(journalBytes(folder.root, header.night).toString('utf8').startsWith(open)).toBe(true);
    folder.closeLast();

    const again = folder.start();
    expect(setAside(again)).toEqual([]);
    const replayed = currentNight(again);
    expect(replayed.turnsPlayed).toBe(currentNight(session).turnsPlayed);
    expect(replayed.turn?.cards.map((c) => c.card)).toEqual(played.at(-1)?.cards);
  });
});

describe('a lost or wrong key (R9, R12)', () => {
  /** The night as it stood before the deck in play was shuffled, from the journal the session kept. */
  function beforeLiveDeck(session: GameSession) {
    const night = session.currentNight;
    const live = seedsInPlay(night);
    const at = night?.entries.findIndex((e) => (e.seeds ?? []).some((s) => live.includes(s))) ?? -1;
    expect(at).toBeGreaterThan(0);
    return { replayed: replayJournal(night?.entries.slice(0, at) ?? []), lost: (night?.entries.length ?? 0) - at };
  }

  for (const [what, spoil, says] of [
    ['missing', (key: string) => fs.rmSync(key), /there is no key to open it/],
    [
      'not the one that sealed it',
      (key: string) => fs.writeFileSync(key, `${'ab'.repeat(32)}\n`, { mode: 0o600 }),
      /is not the one that sealed it/,
    ],
  ] as const) {
    it(`R9, R12: with the key ${what}, the deck in play is voided with a notice, the rest of the night kept, and a new deck is shuffled`, () => {
      const session = folder.start();
      const night = nightInMidDeal(session);
      const { replayed, lost } = beforeLiveDeck(session);
      const journal = journalBytes(folder.root, night.id);
      folder.closeLast();
      spoil(path.join(folder.root, 'seed-key'));

      const restarted = folder.start();
      const [notice, ...others] = restarted.getView().storageNotices;
      expect(others).toEqual([]);
      expect(notice?.reason).toMatch(says);
      expect(notice?.reason).toMatch(/voided \(R9, R12\)/);
      expect(notice?.reason).toContain(`The ${lost} commands played from the voided deck are kept in the copy`);
      expect(fs.readFileSync(notice?.setAsideAs ?? '')).toEqual(journal);

      const resumed = currentNight(restarted);
      expect(resumed.turnsPlayed).toBe(replayed.turns.length);
      expect(resumed.players.map((p) => p.stack)).toEqual(replayed.state.players.map((p) => replayed.state.stacks[p.id]));
      expect(resumed.deck?.commitment).not.toBe(night.deck?.commitment);
      const next = nextCards(restarted, 3);
      const newDeck = currentNight(restarted).deck;
      expect(newDeck?.commitment).not.toBe(night.deck?.commitment);
      expect(next.some((s) => s.cards.length > 0)).toBe(true);
      folder.closeLast();

      // The new deck is sealed under the new key, and the next start has nothing more to say.
      const third = folder.start();
      expect(third.getView().storageNotices.map((n) => n.id)).toEqual([notice?.id]);
      expect(currentNight(third).deck?.commitment).toBe(newDeck?.commitment);
    });
  }

  it('R9, R12: an ended night needs no key: every deck was retired and its seed revealed, so it replays whole', () => {
    const session = folder.start();
    const night = nightInMidDeal(session);
    run(session, 'endNight');
    const turns = ask(session, 'getNight', { nightId: night.id });
    accepted(session.runNow('closeNight', { stateId: currentNight(session).stateId }));
    folder.closeLast();
    fs.rmSync(path.join(folder.root, 'seed-key'));
    fs.rmSync(path.join(folder.root, 'nights-index.json'));

    const restarted = folder.start();
    expect(restarted.getView().storageNotices.filter((n) => n.kind === 'set-aside')).toEqual([]);
    expect(ask(restarted, 'getNight', { nightId: night.id })).toEqual(turns);
  });
});
