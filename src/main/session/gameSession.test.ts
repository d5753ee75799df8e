import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CommandName, NightView, RuleSettings } from '../../shared';
import { checkConservation, foldEntries } from '../ledger';
import type { StorageBackend } from '../store/adapter';
import { createConfBackend } from '../store/confBackend';
import { GameSession } from './gameSession';
import { advance, currentNight, ok, openSession as openSessionOn, playTurns as playOn, startNight, TestClock } from './testing/kit';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-session-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const CLOCK_START = '2026-11-22T20:00:00.000Z';
const clock = (): (() => Date) => new TestClock(CLOCK_START).now;
const openSession = (storage: StorageBackend | string = root, label = 'session'): GameSession =>
  openSessionOn(storage, new TestClock(CLOCK_START), label);
const night = currentNight;

function start(session: GameSession, settings: Partial<RuleSettings> = {}, players?: { id?: string; name: string }[]): NightView {
  return startNight(session, { settings, ...(players ? { players } : {}) });
}

function playTurns(session: GameSession, turns: number, bet: number | 'pot' = 1): void {
  playOn(session, turns, { bet: () => bet });
}

/** Every file under the data folder with its bytes. */
function filesOnDisk(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(root, full)] = fs.readFileSync(full, 'base64');
    }
  };
  walk(root);
  return out;
}

describe('GameSession', () => {
  it('a played night reloads identical from its folder', () => {
    const session = openSession();
    start(session, { aceLowChoice: true });
    playTurns(session, 7, 'pot');
    ok(session.runNow('buyIn', { stateId: night(session).stateId, playerId: night(session).players[0]?.id, amount: 5 }));
    playTurns(session, 2);
    const view = session.getView();
    const reloaded = openSession();
    expect(reloaded.getView()).toEqual(view);
    expect(reloaded.getView().storageNotices).toEqual([]);
    // And play goes on from there.
    advance(reloaded);
    // One command, or two when it begins a deal (the session shuffles its deck at once).
    expect(night(reloaded).stateId - (view.night?.stateId ?? NaN)).toBeOneOf([1, 2]);
  });

  it('a refused command changes nothing on disk', () => {
    const session = openSession();
    start(session);
    for (let guard = 0; guard < 20 && night(session).phase !== 'bet'; guard++) advance(session);
    const view = night(session);
    expect(view.phase).toBe('bet');
    const before = filesOnDisk();
    const shown = session.getView();
    const tooMuch = session.runNow('bet', { stateId: view.stateId, amount: (view.betLimits?.max ?? 0) + 1 });
    expect(!tooMuch.ok && tooMuch.error.code).toMatch(/^bet-above-(pot|stack)$/);
    expect(!tooMuch.ok && tooMuch.error.message).toContain(`bet 1 to ${view.betLimits?.max}`);
    const stale = session.runNow('bet', { stateId: view.stateId - 1, amount: 1 });
    expect(!stale.ok && stale.error.code).toBe('stale-state');
    const wrongPhase = session.runNow('deal', { stateId: view.stateId });
    expect(!wrongPhase.ok && wrongPhase.error.code).toBe('wrong-phase');
    expect(filesOnDisk()).toEqual(before);
    expect(session.getView()).toBe(shown);
  });

  it('a write that fails (disk full) records nothing, says so, and the same bet then goes through', () => {
    let diskFull = false;
    const realWrite = fs.writeSync;
    // The journal's append: a few bytes reach the file, then the disk is full.
    const write = vi.spyOn(fs, 'writeSync').mockImplementation(((
      fd: number,
      buffer: Uint8Array,
      offset?: number,
      length?: number,
      position?: number,
    ) => {
      if (!diskFull) return realWrite(fd, buffer, offset, length, position);
      realWrite(fd, buffer, offset, Math.min(5, length ?? 5), position);
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    }) as typeof fs.writeSync);
    onTestFinished(() => write.mockRestore());
    const storage = createConfBackend(root);
    const session = openSession(storage);
    start(session);
    for (let guard = 0; guard < 20 && night(session).phase !== 'bet'; guard++) advance(session);
    const before = session.getView();
    const files = filesOnDisk();
    const stateId = night(session).stateId;

    diskFull = true;
    const refusedBet = session.runNow('bet', { stateId, amount: 1 });
    expect(!refusedBet.ok && refusedBet.error.code).toBe('storage');
    expect(!refusedBet.ok && refusedBet.error.message).toContain('nothing was recorded');
    expect(session.getView()).toEqual(before);
    expect(filesOnDisk()).toEqual(files);

    diskFull = false;
    ok(session.runNow('bet', { stateId, amount: 1 }));
    const after = session.getView();
    expect(after.night?.stateId).toBe(stateId + 1);
    // What was written is exactly what the session holds: one bet, not two.
    expect(openSession().getView()).toEqual(after);
  });

  it('a night journal whose first line is damaged is set aside and reported; the roster still loads', () => {
    const session = openSession();
    const view = start(session);
    playTurns(session, 2);
    session.close();
    const nightFile = path.join(root, 'nights', `${view.id}.jsonl`);
    expect(fs.existsSync(nightFile)).toBe(true);
    fs.writeFileSync(nightFile, '{"format": "in-between-dealer/night-jou\n');
    const reloaded = openSession();
    const after = reloaded.getView();
    expect(after.night).toBeNull();
    expect(after.roster.map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cat']);
    expect(after.storageNotices).toHaveLength(1);
    const notice = after.storageNotices[0];
    expect(notice?.file).toBe(nightFile);
    expect(notice?.reason).toContain('not a night journal');
    expect(fs.existsSync(notice?.setAsideAs ?? '')).toBe(true);
    expect(fs.existsSync(nightFile)).toBe(false);
    // A new night can start.
    start(reloaded);
  });

  it('a torn last line (power cut mid-write) is dropped: the night resumes at the last acknowledged command', () => {
    const session = openSession();
    start(session);
    playTurns(session, 3);
    const acknowledged = session.getView();
    session.close();
    const nightFile = path.join(root, 'nights', `${acknowledged.night?.id}.jsonl`);
    fs.appendFileSync(nightFile, '{"at":"2026-11-22T21:00:00.000Z","command":{"type":"de');
    const reloaded = openSession();
    expect(reloaded.getView()).toEqual(acknowledged);
    // The next command appends after the last whole line, not after the torn bytes.
    advance(reloaded);
    const afterNext = reloaded.getView();
    expect(openSession().getView()).toEqual(afterNext);
  });

  it('a damaged line in the middle sets the night aside and reported; the turns before it stay', () => {
    const session = openSession();
    const view = start(session);
    playTurns(session, 2);
    const turnsBefore = night(session).turnsPlayed;
    const stateBefore = night(session).stateId;
    playTurns(session, 3);
    session.close();
    const nightFile = path.join(root, 'nights', `${view.id}.jsonl`);
    const lines = fs.readFileSync(nightFile, 'utf8').split('\n');
    // The first command after the snapshot: lines[0] is the header, lines[1] the start (stateId of the start counts its shuffles).
    const damagedAt = lines.findIndex((line, i) => i > 1 && replayedStateIdAfter(lines.slice(0, i + 1)) > stateBefore);
    // A bet the format refuses, the line no shorter than it was (a shorter file would also read as a journal cut short).
    const damaged = '{"at":"2026-11-22T21:00:00.000Z","command":{"type":"bet","amount":-3}}';
    lines[damagedAt] = damaged.padEnd((lines[damagedAt] as string).length, ' ');
    fs.writeFileSync(nightFile, lines.join('\n'));
    const reloaded = openSession();
    const notices = reloaded.getView().storageNotices;
    expect(notices).toHaveLength(1);
    expect(notices[0]?.reason).toMatch(new RegExp(`line ${damagedAt + 1} cannot be used`));
    expect(fs.existsSync(notices[0]?.setAsideAs ?? '')).toBe(true);
    expect(night(reloaded).stateId).toBe(stateBefore);
    expect(night(reloaded).turnsPlayed).toBe(turnsBefore);
    const detail = reloaded.runNow('getNight', { nightId: view.id });
    expect(detail.ok && detail.data.turns.length).toBeGreaterThanOrEqual(turnsBefore);
  });

  it('a line the engine refuses (an edited bet) sets the night aside like a damaged one', () => {
    const session = openSession();
    const view = start(session);
    playTurns(session, 3);
    session.close();
    const nightFile = path.join(root, 'nights', `${view.id}.jsonl`);
    const lines = fs.readFileSync(nightFile, 'utf8').split('\n');
    const bet = lines.findIndex((line) => line.includes('"type":"bet"'));
    lines[bet] = (lines[bet] ?? '').replace(/"amount":\d+/, '"amount":999');
    fs.writeFileSync(nightFile, lines.join('\n'));
    const reloaded = openSession();
    expect(reloaded.getView().storageNotices[0]?.reason).toMatch(new RegExp(`line ${bet + 1} cannot be used.*engine refuses`));
  });

  it('invalid arguments are refused with clear messages and change nothing', () => {
    const session = openSession();
    const view = start(session);
    const before = filesOnDisk();
    const cases: [CommandName, unknown, string, RegExp][] = [
      ['deal', { stateId: String(view.stateId) }, 'invalid-input', /stateId: stateId must be a number/],
      ['deal', { stateId: view.stateId, extra: 1 }, 'invalid-input', /extra|unrecognized/i],
      [
        'buyIn',
        { stateId: view.stateId, playerId: view.players[0]?.id, amount: '5' },
        'invalid-input',
        /a buy-in must be a whole number of chips/,
      ],
      ['buyIn', { stateId: view.stateId, playerId: view.players[0]?.id, amount: 2.5 }, 'invalid-input', /whole number/],
      ['buyIn', { stateId: view.stateId, playerId: view.players[0]?.id, amount: 0 }, 'invalid-input', /at least 1 chip/],
      ['cut', { stateId: view.stateId, cut: '3' }, 'invalid-input', /the cut must be a whole number/],
      ['bet', { stateId: view.stateId, amount: 'all' }, 'invalid-input', /a bet is a whole number of chips or "pot"/],
      ['buyIn', { stateId: view.stateId, playerId: 'p-nobody', amount: 5 }, 'unknown-player', /p-nobody/],
      ['cashOut', { stateId: view.stateId, playerId: 'p-nobody' }, 'unknown-player', /p-nobody/],
      ['deal', null, 'invalid-input', /./],
    ];
    for (const [command, args, code, message] of cases) {
      const result = session.runNow(command, args);
      if (result.ok) throw new Error(`${command} ${JSON.stringify(args)} was accepted`);
      expect(result.error.code, `${command} ${JSON.stringify(args)}`).toBe(code);
      expect(result.error.message).toMatch(message);
    }
    // The command, the field and the kind of problem come with the refusal, so the console words it in the host's language.
    const tooMany = session.runNow('buyIn', { stateId: view.stateId, playerId: view.players[0]?.id, amount: 2_000_000 });
    expect(!tooMany.ok && tooMany.error.params).toEqual({ command: 'buyIn', field: 'amount', problem: 'too-big' });
    const unknownCommand = session.runNow('shuffleTheDeck' as CommandName, {});
    expect(!unknownCommand.ok && unknownCommand.error.code).toBe('invalid-input');
    expect(filesOnDisk()).toEqual(before);
  });

  it('startNight reuses roster players by id and by name, and refuses an unknown id', () => {
    const session = openSession();
    const first = start(session);
    ok(session.runNow('endNight', { stateId: first.stateId }));
    ok(session.runNow('closeNight', { stateId: night(session).stateId }));
    const [ann, bob] = session.getView().roster;
    const unknown = session.runNow('startNight', {
      players: [{ id: 'p-ghost', name: 'Ghost' }, { name: 'Ann' }],
      startingChips: 20,
      chipValue: 1,
    });
    expect(!unknown.ok && unknown.error.code).toBe('unknown-player');
    const second = start(session, {}, [{ id: ann?.id ?? '', name: 'Ann' }, { name: 'bob' }, { name: 'Dee' }]);
    expect(second.players.map((p) => p.id).slice(0, 2)).toEqual([ann?.id, bob?.id]);
    expect(session.getView().roster.map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cat', 'Dee']);
    expect(openSession().getView().roster).toEqual(session.getView().roster);
  });

  it('a second night gets its own id and file even when the random source repeats itself', () => {
    const sameBytes = (size: number) => new Uint8Array(size).fill(7);
    const session = new GameSession({ storage: createConfBackend(root), randomBytes: sameBytes, now: clock() });
    const players = [{ name: 'Maya' }, { name: 'Leo' }];
    for (let nightNo = 0; nightNo < 2; nightNo++) {
      ok(session.runNow('startNight', { players, startingChips: 10, chipValue: 1, settings: {} }));
      ok(session.runNow('endNight', { stateId: night(session).stateId }));
      ok(session.runNow('closeNight', { stateId: night(session).stateId }));
    }
    const listed = session.runNow('listNights', {});
    const ids = listed.ok ? listed.data.map((n) => n.id) : [];
    expect(new Set(ids).size).toBe(2);
    expect(fs.readdirSync(path.join(root, 'nights')).filter((f) => f.endsWith('.jsonl'))).toHaveLength(2);
  });

  it('R6: a refused night start adds nobody to the roster and writes nothing', () => {
    const session = openSession();
    const refusedStart = session.runNow('startNight', {
      players: [{ name: 'Maya' }, { name: 'Leo' }],
      startingChips: 1,
      chipValue: 1,
      settings: {},
    });
    expect(refusedStart.ok).toBe(false);
    expect(session.getView().roster).toEqual([]);
    expect(Object.keys(filesOnDisk())).toEqual([]);
  });

  it('R22: a night whose end was saved but not yet indexed is recorded as ended at the next start, carry kept', () => {
    const session = openSession();
    start(session, { potAtEnd: 'carry' });
    playTurns(session, 4);
    const pot = night(session).pot;
    const indexBefore = fs.readFileSync(path.join(root, 'nights-index.json'), 'utf8');
    const settingsBefore = fs.readFileSync(path.join(root, 'settings.json'), 'utf8');
    ok(session.runNow('endNight', { stateId: night(session).stateId }));
    // As if the app died right after writing the night: the index and settings still say what they said before.
    fs.writeFileSync(path.join(root, 'nights-index.json'), indexBefore);
    fs.writeFileSync(path.join(root, 'settings.json'), settingsBefore);
    const again = openSession();
    expect(again.getView().night?.phase).toBe('ended');
    const listed = again.runNow('listNights', {});
    expect(listed.ok && listed.data[0]?.endedAt).not.toBeNull();
    ok(again.runNow('closeNight', { stateId: night(again).stateId }));
    expect(openSession().getView().night).toBeNull();
    expect(openSession().getView().lastSetup).not.toBeNull();
    ok(again.runNow('startNight', { players: [{ name: 'Ann' }, { name: 'Bob' }], startingChips: 20, chipValue: 1, settings: {} }));
    expect(night(again).pot).toBe(pot + 2);
  });

  it('a night whose file was written but not yet indexed is listed and resumed at the next start', () => {
    const session = openSession();
    start(session);
    playTurns(session, 3);
    const stateId = night(session).stateId;
    // As if the app died between the night's first write and the index's.
    fs.rmSync(path.join(root, 'nights-index.json'));
    const again = openSession();
    expect(night(again).stateId).toBe(stateId);
    const listed = again.runNow('listNights', {});
    expect(listed.ok && listed.data.map((n) => n.id)).toEqual([night(again).id]);
  });

  it('R22 carry: a carried pot seeds only the next night, not the one after', () => {
    const session = openSession();
    start(session, { potAtEnd: 'carry' });
    playTurns(session, 4);
    ok(session.runNow('endNight', { stateId: night(session).stateId }));
    ok(session.runNow('closeNight', { stateId: night(session).stateId }));
    start(session, { potAtEnd: 'split' });
    ok(session.runNow('endNight', { stateId: night(session).stateId }));
    ok(session.runNow('closeNight', { stateId: night(session).stateId }));
    expect(start(session).pot).toBe(3);
  });

  it('R22 carry: the pot left at the end seeds the next night', () => {
    const session = openSession();
    start(session, { potAtEnd: 'carry' });
    playTurns(session, 4);
    const pot = night(session).pot;
    expect(pot).toBeGreaterThan(0);
    ok(session.runNow('endNight', { stateId: night(session).stateId }));
    expect(night(session).pot).toBe(0);
    ok(session.runNow('closeNight', { stateId: night(session).stateId }));
    // The carry survives a restart.
    const next = openSession();
    const view = start(next); // split this time
    expect(view.pot).toBe(pot + 3); // the carried pot plus three antes
    expect(next.currentNight?.state.carriedIn).toBe(pot);
    // Used once: the night after starts without it.
    ok(next.runNow('endNight', { stateId: view.stateId }));
    ok(next.runNow('closeNight', { stateId: night(next).stateId }));
    expect(start(next).pot).toBe(3);
  });

  it("R22 carry: the carried pot is a fact of the last night's ledger: a damaged or edited settings file changes nothing", () => {
    const session = openSession();
    start(session, { potAtEnd: 'carry' });
    playTurns(session, 4);
    const pot = night(session).pot;
    ok(session.runNow('endNight', { stateId: night(session).stateId }));
    ok(session.runNow('closeNight', { stateId: night(session).stateId }));
    session.close();
    // Damaged: set aside and reported, and the carry is not lost.
    fs.writeFileSync(path.join(root, 'settings.json'), '{"format":"in-between-dealer/settings","vers');
    const afterDamage = openSession();
    expect(afterDamage.getView().storageNotices).toHaveLength(1);
    expect(start(afterDamage).pot).toBe(pot + 3);
    ok(afterDamage.runNow('endNight', { stateId: night(afterDamage).stateId }));
    ok(afterDamage.runNow('closeNight', { stateId: night(afterDamage).stateId }));
    afterDamage.close();
    // Edited to claim a huge carry: the last night split its pot, so the next one starts with its antes only.
    const settingsFile = path.join(root, 'settings.json');
    const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as { nextCarry: number };
    fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, nextCarry: 10 ** 15 }));
    expect(start(openSession()).pot).toBe(3);
  });

  it('R23: at the end the player with the most chips wins; money is (final - bought) x chip value', () => {
    const session = openSession();
    start(session);
    playTurns(session, 6, 'pot');
    ok(session.runNow('endNight', { stateId: night(session).stateId }));
    const view = night(session);
    const results = view.results ?? [];
    expect(results).toHaveLength(3);
    const most = Math.max(...view.players.map((p) => p.stack + p.cashedOut));
    for (const r of results) {
      const player = view.players.find((p) => p.id === r.playerId);
      expect(r.finalChips).toBe((player?.stack ?? 0) + (player?.cashedOut ?? 0));
      expect(r.netMoney).toBe((r.finalChips - r.boughtIn) * 50 || 0);
      expect(r.isWinner).toBe(r.finalChips === most);
    }
    expect(results.reduce((sum, r) => sum + r.netChips, 0)).toBe(0); // the pot was split (R22)
  });
});

/**
 * A fresh data folder of its own for each run, inside the test's folder (removed with it; vitest.config.ts puts
 * temporary folders in memory where the machine has room, so hundreds of sessions cost little fdatasync).
 */
function freshBackend(): StorageBackend {
  return createConfBackend(fs.mkdtempSync(path.join(root, 'prop-')));
}

describe('GameSession with random commands (fast-check)', () => {
  const command = fc.oneof(
    { arbitrary: fc.constant({ kind: 'advance' as const }), weight: 12 },
    {
      arbitrary: fc.record({
        kind: fc.constant('bet' as const),
        amount: fc.oneof(fc.integer({ min: -2, max: 40 }), fc.constant('pot' as const)),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({ kind: fc.constant('buyIn' as const), player: fc.nat(3), amount: fc.integer({ min: 1, max: 20 }) }),
      weight: 1,
    },
    { arbitrary: fc.record({ kind: fc.constant('cashOut' as const), player: fc.nat(3) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'voidTurn' as const) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('correctBet' as const), amount: fc.integer({ min: 0, max: 20 }) }), weight: 1 },
    // R31, R32: seating changes, each undone at once or not (R21).
    {
      arbitrary: fc.record({ kind: fc.constantFrom('sitOut' as const, 'comeBack' as const), player: fc.nat(5), undo: fc.boolean() }),
      weight: 2,
    },
    {
      arbitrary: fc.record({ kind: fc.constant('movePlayer' as const), player: fc.nat(5), after: fc.nat(5), undo: fc.boolean() }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('seatPlayer' as const),
        after: fc.nat(5),
        buyIn: fc.integer({ min: 2, max: 15 }),
        undo: fc.boolean(),
      }),
      weight: 1,
    },
  );

  /** What the table shows, but for the command's own bookkeeping (its state id, the last action and what it allows next, what it announced). */
  const shownTable = (view: NightView) => {
    const { stateId: _id, lastAction: _last, announcements: _said, allowed: _next, ...shown } = view;
    return shown;
  };

  it('R24: the ledger fold agrees with the table after every command, and results add up at the end', () => {
    let seatingUndone = 0;
    // Closed before the test's folder goes, so their journals are let go and no index write is left for after it.
    const opened: GameSession[] = [];
    try {
      fc.assert(
        fc.property(fc.array(command, { maxLength: 60, size: 'max' }), fc.nat(), (commands, label) => {
          const session = openSession(freshBackend(), `prop-${label}`);
          opened.push(session);
          start(session, { pair: 'pays-3', postPays: 2 });
          for (const c of commands) {
            const view = night(session);
            const stateId = view.stateId;
            const player = view.players['player' in c ? c.player % view.players.length : 0]?.id;
            if (c.kind === 'sitOut' || c.kind === 'comeBack' || c.kind === 'movePlayer' || c.kind === 'seatPlayer') {
              const after = view.players['after' in c ? c.after % view.players.length : 0]?.id;
              const args =
                c.kind === 'seatPlayer'
                  ? { stateId, player: { name: `Late ${stateId}` }, afterPlayerId: after, buyIn: c.buyIn }
                  : c.kind === 'movePlayer'
                    ? { stateId, playerId: player, afterPlayerId: after }
                    : { stateId, playerId: player };
              const changed = session.runNow(c.kind, args);
              if (changed.ok && c.undo) {
                // R21: the undo is journaled like any command and puts back exactly the table shown before the change.
                ok(session.runNow('undo', { stateId: night(session).stateId }));
                expect(shownTable(night(session))).toEqual(shownTable(view));
                seatingUndone++;
              }
            } else if (c.kind === 'advance') {
              if (view.players.filter((p) => p.status === 'playing').length < 2)
                session.runNow('buyIn', { stateId, playerId: player, amount: 5 });
              else if (view.phase !== 'ended') advance(session, { bet: () => 2 });
            } else if (c.kind === 'bet') session.runNow('bet', { stateId, amount: c.amount });
            else if (c.kind === 'buyIn') session.runNow('buyIn', { stateId, playerId: player, amount: c.amount });
            else if (c.kind === 'cashOut') session.runNow('cashOut', { stateId, playerId: player });
            else if (c.kind === 'correctBet') session.runNow('correctBet', { stateId, amount: c.amount });
            else session.runNow(c.kind, { stateId });
            const open = session.currentNight;
            if (!open) throw new Error('the night went away');
            const folded = foldEntries(open.ledger.entries);
            expect(checkConservation(folded)).toBeNull();
            expect(folded.pot).toBe(open.state.pot);
            for (const p of night(session).players) expect(folded.stacks[p.id] ?? 0).toBe(p.stack);
          }
          const end = session.runNow('endNight', { stateId: night(session).stateId });
          if (end.ok) {
            const results = night(session).results ?? [];
            const carried = session.currentNight?.state.carriedOut ?? 0;
            expect(results.reduce((sum, r) => sum + r.netChips, 0) + carried).toBe(0);
          }
        }),
        { numRuns: 150, seed: 4242 },
      );
    } finally {
      opened.forEach((session) => session.close());
    }
    expect(seatingUndone).toBeGreaterThan(30);
  }, 60_000);

  it('R21, R31, R32: seating changes and their undos replay from the journal to the same view after a restart', () => {
    const storage = createConfBackend(root);
    const session = openSession(storage);
    start(session);
    ok(session.runNow('drawForDealer', { stateId: night(session).stateId }));
    const [ann, bob, cat] = night(session).players.map((p) => p.id);
    const before = night(session);
    ok(session.runNow('seatPlayer', { stateId: before.stateId, player: { name: 'Zoe' }, afterPlayerId: ann, buyIn: 10 }));
    expect(night(session).lastAction).toMatchObject({ kind: 'seating', canUndo: true });
    ok(session.runNow('undo', { stateId: night(session).stateId }));
    const { stateId: _a, lastAction: _b, announcements: _c, ...shownBefore } = before;
    expect(night(session)).toMatchObject(shownBefore);
    ok(session.runNow('movePlayer', { stateId: night(session).stateId, playerId: cat, afterPlayerId: ann }));
    ok(session.runNow('undo', { stateId: night(session).stateId }));
    ok(session.runNow('sitOut', { stateId: night(session).stateId, playerId: bob }));
    ok(session.runNow('undo', { stateId: night(session).stateId }));
    expect(night(session).players.map((p) => p.id)).toEqual([ann, bob, cat]);
    playTurns(session, 2);
    const view = session.getView();
    session.close();
    expect(openSession(createConfBackend(root)).getView()).toEqual(view);
  });
});

/** The stateId a journal's lines replay to (the test reads it off a fresh session on a copy). */
function replayedStateIdAfter(lines: string[]): number {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-replay-'));
  try {
    const id = (JSON.parse(lines[0] ?? '{}') as { night: string }).night;
    fs.mkdirSync(path.join(copy, 'nights'));
    fs.writeFileSync(path.join(copy, 'nights', `${id}.jsonl`), `${lines.join('\n')}\n`);
    // With the key that sealed the seed of the deck in play (R12): without it, that deck would be voided.
    fs.copyFileSync(path.join(root, 'seed-key'), path.join(copy, 'seed-key'));
    return new GameSession({ storage: createConfBackend(copy) }).getView().night?.stateId ?? -1;
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
