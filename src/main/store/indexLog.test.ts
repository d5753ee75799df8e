import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfBackend } from './confBackend';
import { applyIndexChanges, INDEX_LOG_FILE, indexChanges } from './indexLog';
import { DealerRepository } from './repository';
import type { NightSummary } from './schemas';

/**
 * The nights index's changes appended to a log beside the whole file
 * (indexLog.ts): a change costs one small append however long the history,
 * the index read is the file with the log applied, and writing it whole
 * (compacting) removes the log.
 */

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-index-log-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const repo = () => new DealerRepository(createConfBackend(root), () => new Date('2026-11-22T21:30:00.000Z'));
const indexFile = () => path.join(root, 'nights-index.json');
const logFile = () => path.join(root, INDEX_LOG_FILE);

const summary = (id: string, endedAt: string | null = '2026-11-22T23:00:00.000Z', turns = 42): NightSummary => ({
  id,
  startedAt: `${id.slice(0, 10)}T20:00:00.000Z`,
  endedAt,
  playerIds: ['p-ann', 'p-bo'],
  turns,
  biggestPot: 17,
  winnerIds: ['p-ann'],
  results: [
    { playerId: 'p-ann', boughtIn: 20, finalChips: 30, netChips: 10, netMoney: 500, biggestWin: 6 },
    { playerId: 'p-bo', boughtIn: 20, finalChips: 10, netChips: -10, netMoney: -500, biggestWin: 0 },
  ],
  chipValue: 50,
  currency: 'EUR',
  file: `nights/${id}`,
  carriedOut: 0,
});

/** A history of `n` ended nights, one a day from 2024-01-01. */
const history = (n: number): NightSummary[] =>
  Array.from({ length: n }, (_, i) =>
    summary(`${new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10)}-${i.toString(16).padStart(4, '0')}`),
  );

describe('the nights index log (indexLog.ts)', () => {
  it('a change is one small line appended, the whole file left byte for byte as it was, however long the history', () => {
    const r = repo();
    const nights = history(300);
    r.saveIndex(nights);
    const whole = fs.readFileSync(indexFile());
    const started = summary('2026-11-22-ab12', null, 0);
    r.appendToIndex([{ put: started }]);
    const ended = { ...started, endedAt: '2026-11-23T01:00:00.000Z', turns: 40 };
    r.appendToIndex([{ put: ended }]);
    expect(fs.readFileSync(indexFile())).toEqual(whole);
    // The header and two lines: a few hundred bytes against the whole file's hundreds of kilobytes.
    expect(r.indexLogBytes()).toBeLessThan(2_000);
    expect(whole.length).toBeGreaterThan(100 * r.indexLogBytes());
    expect(repo().loadIndex()).toEqual([...nights, ended]);
    expect(repo().notices).toEqual([]);
  });

  it('writing the index whole removes the log; a log left by a crash between the two changes nothing when applied again', () => {
    const r = repo();
    const nights = history(3);
    r.saveIndex(nights);
    const second = nights[1] as NightSummary;
    const changes = indexChanges(nights, [nights[0] as NightSummary, { ...second, turns: 7 }, summary('2026-11-22-ab12', null, 0)]);
    r.appendToIndex(changes);
    const read = repo().loadIndex();
    const left = fs.readFileSync(logFile());
    r.saveIndex(read);
    expect(fs.existsSync(logFile())).toBe(false);
    expect(repo().loadIndex()).toEqual(read);
    // Killed after the whole write, before the log went: the same index.
    fs.writeFileSync(logFile(), left);
    expect(repo().loadIndex()).toEqual(read);
  });

  it('a torn last line (killed inside an append, never acknowledged) is dropped, nothing reported', () => {
    const r = repo();
    r.saveIndex(history(2));
    const added = summary('2026-11-22-ab12', null, 0);
    r.appendToIndex([{ put: added }]);
    fs.appendFileSync(logFile(), '{"put":{"id":"2026-11-23-cd34","startedAt":"2026');
    const again = repo();
    expect(again.loadIndex()).toEqual([...history(2), added]);
    expect(again.notices).toEqual([]);
  });

  it('a damaged line is reported and the log set aside, the changes before it kept', () => {
    const r = repo();
    r.saveIndex(history(2));
    const added = summary('2026-11-22-ab12', null, 0);
    r.appendToIndex([{ put: added }]);
    fs.appendFileSync(logFile(), 'not json\n');
    r.appendToIndex([{ drop: added.id }]);
    const again = repo();
    expect(again.loadIndex()).toEqual([...history(2), added]);
    expect(again.notices.map((n) => [n.kind, path.basename(n.file)])).toEqual([['set-aside', INDEX_LOG_FILE]]);
    expect(again.notices[0]?.reason).toMatch(/line 3 is not valid JSON/);
    expect(fs.existsSync(logFile())).toBe(false);
    expect(fs.readdirSync(root).filter((f) => f.startsWith(`${INDEX_LOG_FILE}.corrupt-`))).toHaveLength(1);
  });

  it('the changes between two indexes are the lines replaced or added, and those taken out; applied, they make the second', () => {
    const before = history(5);
    const [a, b, c, d] = before as [NightSummary, NightSummary, NightSummary, NightSummary];
    const after = [a, { ...b, turns: 1 }, d, summary('2026-11-22-ab12', null, 0)];
    expect(indexChanges(before, after)).toEqual([{ put: after[1] }, { put: after[3] }, { drop: c.id }, { drop: before[4]?.id }]);
    expect(applyIndexChanges(before, indexChanges(before, after))).toEqual(after);
    expect(indexChanges(after, after)).toEqual([]);
  });
});
