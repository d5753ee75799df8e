import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameSession } from '../session/gameSession';
import { nightSummary } from '../night';
import { createConfBackend, DealerRepository } from '../store';
import { BACKUP_FORMAT } from './backup';
import { accepted, ask, closeNight, currentNight, openSession, playNight, TestClock } from '../session/testing/kit';

let root: string;
let clock: TestClock;
let session: GameSession;
let ids: string[];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-backup-'));
  clock = new TestClock();
  session = openSession(root, clock);
  ids = [playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-02-06', turns: 25 })];
  closeNight(session);
  ids.push(playNight(session, clock, { players: ['Ana', 'Ben', 'Dev'], day: '2026-02-13', turns: 25, buyInAndCashOut: true }));
  closeNight(session);
});
afterEach(() => {
  session.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Everything the host can see of the history. */
function everything(s: GameSession) {
  return {
    roster: s.getView().roster,
    lastSetup: s.getView().lastSetup,
    list: ask(s, 'listNights'),
    nights: ids.map((nightId) => ask(s, 'getNight', { nightId })),
    standings: ask(s, 'getStandings', {}),
    fairness: ids.map((nightId) => ask(s, 'verifyNight', { nightId })),
  };
}

function wipe(): void {
  for (const entry of fs.readdirSync(root)) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
}

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      out[path.relative(dir, full)] = fs.readFileSync(full, 'utf8');
    }
  }
  return out;
}

describe('backup and restore', () => {
  it('backs up everything to one file; wiped and restored, every view is as before (and survives a restart)', () => {
    const before = everything(session);
    const file = ask(session, 'backup');
    expect(file.mimeType).toBe('application/json');
    expect(JSON.parse(file.content)).toMatchObject({ format: BACKUP_FORMAT, version: 3 });
    session.close();

    wipe();
    const fresh = openSession(root, clock);
    expect(fresh.getView().roster).toEqual([]);
    const view = accepted(fresh.runNow('restore', { content: file.content })).view;
    expect(view.roster).toEqual(before.roster);
    expect(everything(fresh)).toEqual(before);
    fresh.close();
    session = openSession(root, clock);
    expect(everything(session)).toEqual(before);
  });

  it("M3: the tab's paid marks are in the backup and restored with everything else, replacing the marks there were", () => {
    const transfers = ask(session, 'getTab').transfers;
    const marked = transfers.slice(0, 1).map((t) => t.id);
    expect(marked).toHaveLength(1);
    accepted(session.runNow('markTransfersPaid', { ids: marked, paid: true }));
    const tabBefore = ask(session, 'getTab');
    const file = ask(session, 'backup').content;
    expect(JSON.parse(file)).toMatchObject({ tab: { paid: marked } });

    // Marks changed after the backup are replaced by the backup's.
    accepted(session.runNow('markTransfersPaid', { ids: marked, paid: false }));
    accepted(session.runNow('markTransfersPaid', { ids: transfers.slice(1).map((t) => t.id), paid: true }));
    accepted(session.runNow('restore', { content: file, replace: true }));
    expect(ask(session, 'getTab')).toEqual(tabBefore);
    session.close();
    session = openSession(root, clock);
    expect(ask(session, 'getTab')).toEqual(tabBefore);

    // A backup made before the tab (no tab in it) restores every transfer unpaid.
    const { tab: _tab, ...older } = JSON.parse(file) as Record<string, unknown>;
    accepted(session.runNow('restore', { content: JSON.stringify(older), replace: true }));
    expect(ask(session, 'getTab').transfers.every((t) => !t.paid)).toBe(true);
  });

  it('refuses to restore over existing data unless replace is confirmed', () => {
    const file = ask(session, 'backup').content;
    accepted(session.runNow('updatePlayer', { playerId: session.getView().roster[0]?.id, name: 'Renamed' }));
    const refused = session.runNow('restore', { content: file });
    expect(refused.ok ? null : refused.error.code).toBe('data-exists');
    expect(session.getView().roster[0]?.name).toBe('Renamed');
    const view = accepted(session.runNow('restore', { content: file, replace: true })).view;
    expect(view.roster[0]?.name).toBe('Ana');
  });

  it('a replacing restore sets aside the nights the backup lacks: they stay on disk and do not come back', () => {
    const file = ask(session, 'backup').content;
    const third = playNight(session, clock, { players: ['Cleo', 'Dev'], day: '2026-02-20', turns: 10 });
    closeNight(session);
    accepted(session.runNow('restore', { content: file, replace: true }));
    const listedAfter = (s: GameSession) => ask(s, 'listNights').map((n) => n.id);
    expect(listedAfter(session)).not.toContain(third);
    expect(listedAfter(openSession(root, clock))).not.toContain(third);
    expect(fs.readdirSync(path.join(root, 'nights')).some((f) => f.startsWith(`${third}.jsonl.replaced-`))).toBe(true);
  });

  it('refuses while a night is open', () => {
    const file = ask(session, 'backup').content;
    accepted(session.runNow('startNight', { players: [{ name: 'Ana' }, { name: 'Ben' }], startingChips: 20, chipValue: 1 }));
    const refused = session.runNow('restore', { content: file, replace: true });
    expect(refused.ok ? null : refused.error.code).toBe('night-open');
    expect(currentNight(session).phase).toBe('draw');
  });

  interface BackupJson {
    format: string;
    version: number;
    settings: { nextCarry: number };
    roster: { players: { colour: string }[] };
    nights: { id: string; journal: string }[];
    index?: { nights: { results: { netMoney: number; netChips: number; finalChips: number }[] }[] };
  }
  const at = <T>(list: T[], i: number): T => {
    const item = list[i];
    if (item === undefined) throw new Error(`no item ${i}`);
    return item;
  };
  const tamper = (content: string, change: (backup: BackupJson) => void): string => {
    const backup = JSON.parse(content) as BackupJson;
    change(backup);
    return JSON.stringify(backup);
  };
  /** Changes line `n` (1 = the header) of a night's journal. */
  const editLine = (night: { journal: string }, n: number, edit: (line: string) => string) => {
    const lines = night.journal.split('\n');
    lines[n - 1] = edit(lines[n - 1] ?? '');
    night.journal = lines.join('\n');
  };
  const firstBetLine = (night: { journal: string }) => night.journal.split('\n').findIndex((l) => l.includes('"type":"bet"')) + 1;
  it.each([
    ['not JSON', () => '{ nope', /not JSON/],
    ['another kind of file', (c: string) => tamper(c, (b) => (b.format = 'something-else')), /not a backup of this app/],
    ['a newer backup version', (c: string) => tamper(c, (b) => (b.version = 9)), /newer version of the app/],
    [
      'a roster with a bad colour',
      (c: string) => tamper(c, (b) => (at(b.roster.players, 0).colour = 'red')),
      /roster is not valid: players\.0\.colour/,
    ],
    [
      'R24: a night whose bet was edited past the stack',
      (c: string) =>
        tamper(c, (b) => editLine(at(b.nights, 1), firstBetLine(at(b.nights, 1)), (l) => l.replace(/"amount":\d+/, '"amount":999'))),
      /does not replay: line \d+: the engine refuses it/,
    ],
    [
      "a night whose line is not the engine's",
      (c: string) => tamper(c, (b) => editLine(at(b.nights, 0), 4, () => '{"command":{"type":"dance"}}')),
      /line 4 of its journal cannot be read/,
    ],
    [
      'a night whose last line is cut short',
      (c: string) => tamper(c, (b) => (at(b.nights, 0).journal = at(b.nights, 0).journal.slice(0, -5))),
      /last line is cut short/,
    ],
    ['a night held twice', (c: string) => tamper(c, (b) => b.nights.push(at(b.nights, 0))), /holds night .* twice/],
    ['a night under another id', (c: string) => tamper(c, (b) => (at(b.nights, 0).id = at(b.nights, 1).id)), /holds the journal of night/],
    ['a player the roster lacks', (c: string) => tamper(c, (b) => b.roster.players.pop()), /names player .* not in its roster/],
  ])('refuses %s and changes nothing', (_label, make, message) => {
    const content = make(ask(session, 'backup').content);
    session.close();
    wipe();
    fs.mkdirSync(root, { recursive: true });
    const fresh = openSession(root, clock);
    const files = filesOf(root);
    const result = fresh.runNow('restore', { content });
    expect(result.ok ? null : result.error.code).toBe('invalid-input');
    expect(result.ok ? '' : result.error.message).toMatch(message);
    expect(filesOf(root)).toEqual(files);
    expect(fresh.getView().roster).toEqual([]);
    session = fresh;
  });

  it('derives every summary from the nights: a backup whose index or carry was edited moves nothing', () => {
    const before = everything(session);
    const content = ask(session, 'backup').content;
    const edited = tamper(content, (b) => {
      // An older-style index line giving a player +100, and a carried pot of 10^15.
      b.index = { nights: [] };
      b.settings.nextCarry = 1e15;
    });
    session.close();
    wipe();
    const fresh = openSession(root, clock);
    accepted(fresh.runNow('restore', { content: edited }));
    expect(everything(fresh)).toEqual(before);
    // The next night starts with the pot the last night's ledger carried (0 here), not the edited one.
    accepted(fresh.runNow('startNight', { players: [{ name: 'Ana' }, { name: 'Ben' }], startingChips: 20, chipValue: 1 }));
    expect(currentNight(fresh).pot).toBeLessThan(1000);
    session = fresh;
  });

  it('reads a version 2 backup (events, ledger and an index): its nights move to journals, its index summaries are not trusted', () => {
    const before = everything(session);
    const repo = new DealerRepository(createConfBackend(root));
    const current = JSON.parse(ask(session, 'backup').content) as BackupJson;
    const nights = ids.map((id) => {
      const read = repo.readNight(id);
      if (!read) throw new Error(`night ${id} did not read`);
      return { night: read.night, summary: nightSummary(read.night) };
    });
    // The index of the old file gives the first player of the first night +100 chips: the restore must ignore it.
    const index = nights.map(({ summary }, i) =>
      i === 0
        ? {
            ...summary,
            results: summary.results.map((r, k) => (k === 0 ? { ...r, netChips: r.netChips + 100, netMoney: r.netMoney + 25 } : r)),
          }
        : summary,
    );
    const v1 = {
      format: BACKUP_FORMAT,
      version: 2,
      createdAt: '2026-02-20T00:00:00.000Z',
      settings: { ...current.settings, nextCarry: 1e15 },
      roster: current.roster,
      index: { format: 'in-between-dealer/nights', version: 2, nights: index },
      nights: nights.map(({ night }) => ({
        id: night.state.nightId,
        startedAt: night.state.startedAt,
        endedAt: night.state.endedAt,
        events: night.events,
        ledger: night.ledger.entries,
      })),
    };
    session.close();
    wipe();
    const fresh = openSession(root, clock);
    accepted(fresh.runNow('restore', { content: JSON.stringify(v1) }));
    expect(everything(fresh)).toEqual(before);
    expect(fs.readdirSync(path.join(root, 'nights')).filter((f) => f.endsWith('.jsonl'))).toHaveLength(ids.length);
    session = fresh;
  });
});

describe('a backup made before money was in minor units', () => {
  it('M1: a version 1 backup (built from the fixture folder) restores with chip values and results in cents', () => {
    const dir = path.join(import.meta.dirname, '..', 'store', 'fixtures', 'data-before-minor-units');
    const read = (name: string) =>
      JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown> & { events: unknown[]; ledger: unknown[] };
    const head = read('nights/2026-11-20-d4d209.json');
    const part = read('night-parts/2026-11-20-d4d209-0001.json');
    const backup = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: '2026-11-21T10:00:00.000Z',
      settings: read('settings.json'),
      roster: read('roster.json'),
      index: read('nights-index.json'),
      nights: [
        {
          id: head.id,
          startedAt: head.startedAt,
          endedAt: head.endedAt,
          events: [...part.events, ...head.events],
          ledger: [...part.ledger, ...head.ledger],
        },
      ],
    };
    session.close();
    wipe();
    const fresh = openSession(root, clock);
    const view = accepted(fresh.runNow('restore', { content: JSON.stringify(backup) })).view;
    expect(view.lastSetup?.chipValue).toBe(29);
    const detail = ask(fresh, 'getNight', { nightId: '2026-11-20-d4d209' });
    expect(detail.chipValue).toBe(29);
    expect(detail.results?.map((r) => r.netMoney)).toEqual([-174, -87, 0]);
    fresh.close();
  });
});
