import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nightExportSchema, playerNightFigures, type PlayerNightFigures } from '../night';
import type { EngineEvent } from '../engine';
import { createConfBackend, DealerRepository } from '../store';
import { verifyNight } from './fairness';
import { accepted, ask, closeNight, currentNight, openSession, playNight, TestClock } from '../session/testing/kit';
import type { GameSession } from '../session/gameSession';

let root: string;
let clock: TestClock;
let session: GameSession;
/** Three nights: Ana-Ben-Cleo, Ana-Ben-Dev (with a buy-in and a cash-out), Cleo-Dev. */
let ids: string[];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-history-'));
  clock = new TestClock();
  session = openSession(root, clock);
  ids = [];
  ids.push(playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-01-02', turns: 30 }));
  closeNight(session);
  ids.push(playNight(session, clock, { players: ['Ana', 'Ben', 'Dev'], day: '2026-01-09', turns: 30, buyInAndCashOut: true }));
  closeNight(session);
  ids.push(playNight(session, clock, { players: ['Cleo', 'Dev'], day: '2026-01-16', turns: 20 }));
  closeNight(session);
});
afterEach(() => {
  session.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const idOf = (name: string) => session.getView().roster.find((p) => p.name === name)?.id ?? '';
/** A night's events, replayed from its journal. */
const storedEvents = (nightId: string): EngineEvent[] => {
  const read = new DealerRepository(createConfBackend(root)).readNight(nightId);
  if (!read) throw new Error(`night ${nightId} did not replay`);
  return [...read.night.events];
};

describe('nights list', () => {
  it('lists every night newest first with players, length, biggest pot and winners', () => {
    const list = ask(session, 'listNights');
    expect(list.map((n) => n.id)).toEqual([...ids].reverse());
    const [latest] = list;
    expect(latest?.playerIds).toEqual([idOf('Cleo'), idOf('Dev')]);
    expect(latest?.turns).toBe(20);
    expect(latest?.minutes).toBeGreaterThan(0);
    expect(latest?.biggestPot).toBeGreaterThan(0);
    expect(latest?.winnerIds.length).toBeGreaterThan(0);
  });

  it('answers without changing the state id or pushing a view', () => {
    const before = session.getView();
    let pushed = 0;
    session.onView(() => pushed++);
    const result = session.runNow('listNights', {});
    expect(result.ok && result.view).toBe(before);
    expect(pushed).toBe(0);
  });
});

describe('night detail', () => {
  it('has every turn, a stack point before the first turn and after every turn, results and settlement', () => {
    const detail = ask(session, 'getNight', { nightId: ids[1] });
    expect(detail.players.map((p) => p.name)).toEqual(['Ana', 'Ben', 'Dev']);
    expect(detail.turns.filter((t) => !t.void && t.outcome !== null)).toHaveLength(30);
    expect(detail.stackSeries[0]?.turn).toBe(0);
    const lastTurn = detail.turns.at(-1)?.n ?? 0;
    expect(detail.stackSeries.map((p) => p.turn)).toEqual(Array.from({ length: lastTurn + 1 }, (_, i) => i));
    // R23: the last point is the final stacks, which with cash-outs make each player's final chips.
    const final = detail.stackSeries.at(-1)?.stacks ?? {};
    for (const r of detail.results ?? []) expect((final[r.playerId] ?? 0) <= r.finalChips).toBe(true);
    const ana = detail.results?.find((r) => r.playerId === idOf('Ana'));
    expect(ana?.boughtIn).toBe(30); // 20 at the start + a 10 buy-in
    expect(detail.settlement?.mode).toBe('fewest');
    const paid = (detail.settlement?.fewest ?? []).reduce((sum, t) => sum + t.amount, 0);
    const owed = (detail.results ?? []).filter((r) => r.netMoney < 0).reduce((sum, r) => sum - r.netMoney, 0);
    expect(Math.round(paid * 100)).toBe(Math.round(owed * 100));
  });

  it('charts a player who cashed out up to the cash-out, then no more (not a fall to 0)', () => {
    const detail = ask(session, 'getNight', { nightId: ids[1] });
    const dev = idOf('Dev');
    expect(detail.stackSeries[0]?.stacks[dev]).toBeGreaterThan(0);
    expect(detail.stackSeries.at(-1)?.stacks).not.toHaveProperty(dev);
    expect(detail.stackSeries.at(-1)?.stacks).toHaveProperty(idOf('Ana'));
  });

  it('refuses a night that is not in the history', () => {
    const result = session.runNow('getNight', { nightId: 'nope' });
    expect(result.ok ? null : result.error.code).toBe('unknown-night');
  });
});

describe('standings', () => {
  it('R23: adds every night per player, best net money first, with a cumulative line per night', () => {
    const { rows, cumulative } = ask(session, 'getStandings', {});
    expect(rows.map((r) => r.name).sort()).toEqual(['Ana', 'Ben', 'Cleo', 'Dev']);
    expect(rows.map((r) => r.netMoney)).toEqual([...rows.map((r) => r.netMoney)].sort((a, b) => b - a));
    expect(rows.find((r) => r.name === 'Dev')?.nights).toBe(2);
    expect(rows.reduce((sum, r) => sum + r.nightsWon, 0)).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.biggestPotWon > 0)).toBe(true);
    expect(cumulative.map((c) => c.nightId)).toEqual(ids);
    // Each row's net is its line's last point; a point names only that night's players.
    for (const row of rows) expect(cumulative.findLast((c) => row.playerId in c.net)?.net[row.playerId]).toBe(row.netMoney);
    for (const [i, point] of cumulative.entries())
      expect(Object.keys(point.net).sort()).toEqual(
        ask(session, 'getNight', { nightId: ids[i] as string })
          .players.map((p) => p.id)
          .sort(),
      );
  });

  it('filters by date range and by player', () => {
    const january9 = ask(session, 'getStandings', { from: '2026-01-05', to: '2026-01-10' });
    expect(january9.cumulative.map((c) => c.nightId)).toEqual([ids[1]]);
    expect(january9.rows.map((r) => r.name).sort()).toEqual(['Ana', 'Ben', 'Dev']);
    const cleo = ask(session, 'getStandings', { playerIds: [idOf('Cleo')] });
    expect(cleo.rows.map((r) => r.name)).toEqual(['Cleo']);
    expect(cleo.cumulative.map((c) => c.nightId)).toEqual([ids[0], ids[2]]);
  });

  it("R18, R15: counts posts, pairs, bets won and the longest streak from the nights' turns as replayed from their journals", () => {
    const { rows } = ask(session, 'getStandings', {});
    const recounted = new Map<string, PlayerNightFigures[]>();
    for (const id of ids) {
      const detail = ask(session, 'getNight', { nightId: id });
      for (const p of detail.players) recounted.set(p.id, [...(recounted.get(p.id) ?? []), playerNightFigures(p.id, detail.turns)]);
    }
    const sum = (list: PlayerNightFigures[], pick: (f: PlayerNightFigures) => number) => list.reduce((total, f) => total + pick(f), 0);
    for (const row of rows) {
      const nights = recounted.get(row.playerId) ?? [];
      expect(row.postsHit).toBe(sum(nights, (f) => f.postsHit));
      expect(row.pairs).toBe(sum(nights, (f) => f.pairs));
      expect(row.bets).toBe(sum(nights, (f) => f.bets));
      expect(row.betsWon).toBe(sum(nights, (f) => f.betsWon));
      expect(row.longestWinStreak).toBe(Math.max(...nights.map((f) => f.longestWinStreak)));
      expect(row.winRate).toBe(row.betsWon / row.bets);
    }
    // Thirty-odd turns a night: someone hit a post and someone won bets in a row.
    expect(rows.some((r) => r.postsHit > 0)).toBe(true);
    expect(rows.some((r) => r.longestWinStreak >= 2)).toBe(true);
  });

  it('remakes from the journals an index line an older version wrote without the figures', () => {
    const before = ask(session, 'getStandings', {});
    session.close();
    const repo = new DealerRepository(createConfBackend(root));
    const stripped = repo.loadIndex().map((line) => ({
      ...line,
      results: line.results.map(({ playerId, boughtIn, finalChips, netChips, netMoney, biggestWin }) => ({
        playerId,
        boughtIn,
        finalChips,
        netChips,
        netMoney,
        biggestWin,
      })),
    }));
    repo.saveIndex(stripped);
    session = openSession(root, clock);
    expect(ask(session, 'getStandings', {})).toEqual(before);
    expect(
      new DealerRepository(createConfBackend(root)).loadIndex().every((line) => line.results.every((r) => r.postsHit !== undefined)),
    ).toBe(true);
  });

  it('refuses a date that is not YYYY-MM-DD, changing nothing', () => {
    const result = session.runNow('getStandings', { from: '9 Jan' });
    expect(result.ok ? null : result.error.code).toBe('invalid-input');
  });
});

describe('fairness check', () => {
  it('R12: verifies every retired deck and every card of a real night', () => {
    const report = ask(session, 'verifyNight', { nightId: ids[0] });
    expect(report.verified).toBe(true);
    expect(report.mismatches).toEqual([]);
    expect(report.decks).toBeGreaterThan(1);
    expect(report.cards).toBeGreaterThan(60);
  });

  it('R8, R24, M1-M3, R35: the night checker re-judges each night of the history from the rules and finds nothing broken; unsigned, it says so', () => {
    for (const nightId of ids) {
      const report = ask(session, 'verifyNight', { nightId });
      // This laptop holds no key here: its own nights are exported, and so judged, without a signed record.
      expect(report.rules, nightId).toEqual([
        expect.objectContaining({ rule: 'R35', kind: 'cannot-check', expected: expect.stringMatching(/^unsigned: from before signing/) }),
      ]);
    }
  });

  it('R9: names the deck whose revealed seed does not match its commitment', () => {
    const events = storedEvents(ids[0] ?? '');
    const retired = events.findIndex((e) => e.type === 'deck-retired');
    const original = events[retired] as Extract<EngineEvent, { type: 'deck-retired' }>;
    events[retired] = { ...original, seed: 'ab'.repeat(32) };
    const report = verifyNight('x', events);
    expect(report.verified).toBe(false);
    expect(report.mismatches[0]).toEqual({ deckId: original.deckId, reason: expect.stringMatching(/not sha256 of the revealed seed/) });
  });

  it('R10-R11: names a card that the seed and cut do not give', () => {
    const events = storedEvents(ids[0] ?? '');
    const turned = events.findIndex((e) => e.type === 'card-turned');
    const original = events[turned] as Extract<EngineEvent, { type: 'card-turned' }>;
    const other = original.card === 'AS' ? 'KH' : 'AS';
    events[turned] = { ...original, card: other };
    const report = verifyNight('x', events);
    expect(report.verified).toBe(false);
    expect(report.mismatches).toEqual([
      { deckId: original.deckId, reason: expect.stringMatching(new RegExp(`was ${other}, but the seed and cut .* give ${original.card}`)) },
    ]);
  });

  it('R12: leaves the deck in play on an open night unchecked, and says so', () => {
    clock.setDay('2026-01-23');
    accepted(session.runNow('startNight', { players: [{ name: 'Ana' }, { name: 'Ben' }], startingChips: 20, chipValue: 1 }));
    accepted(session.runNow('drawForDealer', { stateId: currentNight(session).stateId }));
    while (currentNight(session).phase !== 'ready') {
      const night = currentNight(session);
      if (night.phase === 'draw') accepted(session.runNow('drawForDealer', { stateId: night.stateId }));
      else if (night.phase === 'cut') accepted(session.runNow('cut', { stateId: night.stateId, cut: 7 }));
      else throw new Error(`unexpected phase ${night.phase}`);
    }
    accepted(session.runNow('deal', { stateId: currentNight(session).stateId }));
    const open = currentNight(session);
    expect(open.deck).not.toBeNull();
    const report = ask(session, 'verifyNight', { nightId: open.id });
    expect(report.verified).toBe(true);
    expect(report.unchecked).toEqual([{ deckId: open.deck?.id, reason: expect.stringMatching(/still in play/) }]);
  });
});

describe('export', () => {
  it('exports a night as in-between-night/5 JSON and its ledger as CSV, one row per entry', () => {
    const json = ask(session, 'exportNight', { nightId: ids[1], format: 'json' });
    expect(json.mimeType).toBe('application/json');
    const exported = nightExportSchema.parse(JSON.parse(json.content));
    expect(exported.night.id).toBe(ids[1]);
    const csv = ask(session, 'exportNight', { nightId: ids[1], format: 'csv' });
    const lines = csv.content.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toBe('seq,id,turn,code,player,player_name,from,to,amount,reverses');
    expect(lines).toHaveLength(exported.ledger.length + 1);
    expect(lines.some((l) => l.includes(',cash-out,') && l.includes(',Dev,'))).toBe(true);
    expect(csv.fileName).toBe(`in-between-ledger-${ids[1]}.csv`);
  });
});

describe('players', () => {
  it('gives new players a colour and initials, and renames without rewriting history', () => {
    const ana = session.getView().roster.find((p) => p.name === 'Ana');
    expect(ana?.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(ana?.initials).toBe('AN');
    const view = accepted(session.runNow('updatePlayer', { playerId: ana?.id, name: 'Ana Maria', colour: '#112233', initials: 'am' })).view;
    expect(view.roster.find((p) => p.id === ana?.id)).toMatchObject({ name: 'Ana Maria', colour: '#112233', initials: 'AM' });
    expect(ask(session, 'getNight', { nightId: ids[0] }).players[0]?.name).toBe('Ana');
    expect(ask(session, 'getStandings', {}).rows.find((r) => r.playerId === ana?.id)?.name).toBe('Ana Maria');
    // It lasts: a new session reads the same roster.
    expect(
      openSession(root, clock)
        .getView()
        .roster.find((p) => p.id === ana?.id)?.name,
    ).toBe('Ana Maria');
  });

  it('refuses a name another player has, and an unknown player, changing nothing', () => {
    const before = session.getView().roster;
    const duplicate = session.runNow('updatePlayer', { playerId: idOf('Ana'), name: 'ben' });
    expect(duplicate.ok ? null : duplicate.error.code).toBe('duplicate-player');
    const unknown = session.runNow('updatePlayer', { playerId: 'p-nobody', archived: true });
    expect(unknown.ok ? null : unknown.error.code).toBe('unknown-player');
    expect(session.getView().roster).toEqual(before);
  });

  it('archives a player', () => {
    accepted(session.runNow('updatePlayer', { playerId: idOf('Dev'), archived: true }));
    expect(session.getView().roster.find((p) => p.name === 'Dev')?.archived).toBe(true);
  });
});

describe('the table screen', () => {
  it('puts the leaderboard or a night on the TV and pushes the view', () => {
    const pushed: string[] = [];
    session.onView((v) => pushed.push(v.tableScreen.kind));
    accepted(session.runNow('showOnTable', { screen: { kind: 'standings' } }));
    accepted(session.runNow('showOnTable', { screen: { kind: 'night', nightId: ids[0] } }));
    expect(pushed).toEqual(['standings', 'night']);
    expect(session.getView().tableScreen).toEqual({ kind: 'night', nightId: ids[0] });
    const unknown = session.runNow('showOnTable', { screen: { kind: 'night', nightId: 'nope' } });
    expect(unknown.ok ? null : unknown.error.code).toBe('unknown-night');
  });
});

describe('settling up in the night view', () => {
  it('R23 M3: shows the fewest transfers and the banker mode once the night has ended: in banker mode every player settles with the bank', () => {
    playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-01-30', turns: 15 });
    const night = currentNight(session);
    expect(night.settlement?.mode).toBe('fewest');
    const balances = night.settlement?.balances ?? {};
    const players = night.players.map((p) => p.id);
    for (const id of players) {
      const owed = balances[id] ?? 0;
      if (owed < 0) expect(night.settlement?.banker).toContainEqual({ from: id, to: 'bank', amount: -owed });
      if (owed > 0) expect(night.settlement?.banker).toContainEqual({ from: 'bank', to: id, amount: owed });
    }
    // Nobody pays a player in banker mode but the bank: no player stands in for it.
    expect(night.settlement?.banker.every((t) => t.from === 'bank' || t.to === 'bank')).toBe(true);
  });

  it("carries the night's awards, counted from its turns, once it has ended", () => {
    const id = playNight(session, clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-01-30', turns: 30 });
    const night = currentNight(session);
    const detail = ask(session, 'getNight', { nightId: id });
    const figures = detail.players.map((p) => ({ id: p.id, ...playerNightFigures(p.id, detail.turns) }));
    const best = Math.max(...figures.map((f) => f.biggestWin));
    expect(night.awards?.biggestWin).toEqual({ playerIds: figures.filter((f) => f.biggestWin === best).map((f) => f.id), value: best });
    const posts = Math.max(...figures.map((f) => f.postsHit));
    expect(night.awards?.mostPosts?.value ?? 0).toBe(posts);
  });
});

describe('a corrupted night file', () => {
  it('is set aside and reported while every other night still lists and opens', () => {
    fs.writeFileSync(path.join(root, 'nights', `${ids[1]}.jsonl`), '{ "format": "in-between-dealer/night-journal", \n');
    const pushed: number[] = [];
    session.onView((v) => pushed.push(v.storageNotices.length));
    const broken = session.runNow('getNight', { nightId: ids[1] });
    expect(broken.ok ? null : broken.error.code).toBe('storage');
    expect(session.getView().storageNotices).toEqual([expect.objectContaining({ reason: expect.stringMatching(/not a night journal/) })]);
    expect(pushed).toEqual([1]);
    expect(ask(session, 'listNights')).toHaveLength(3);
    expect(ask(session, 'getNight', { nightId: ids[0] }).night.id).toBe(ids[0]);
    expect(ask(session, 'getNight', { nightId: ids[2] }).night.id).toBe(ids[2]);
  });
});
