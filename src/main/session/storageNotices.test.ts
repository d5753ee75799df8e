import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsFor, type AppView, type StorageNotice } from '../../shared';
import { accepted, ask, closeNight, playNight, sessionFolderPerTest } from './testing/kit';
import type { GameSession } from './gameSession';

/**
 * Storage notices (docs/user-guide.md, "Where the data lives"): they are kept on disk
 * and shown beyond the lobby, a deleted file gives one, a damaged roster keeps
 * every name it can, and the temporary files of interrupted writes are cleared.
 * Each of these once went wrong.
 */

const folder = sessionFolderPerTest('dealer-notices-');
const start = (): GameSession => folder.start();

const file = (...parts: string[]) => path.join(folder.root, ...parts);
const notices = (session: GameSession): StorageNotice[] => session.getView().storageNotices;
const about = (session: GameSession, name: string) => notices(session).filter((n) => n.file === file(name));

/** Two ended nights (Ana, Ben, Cleo; then Ana, Ben, Dev) and a third left open (Ana, Eli). */
function historyWithOpenNight(): { session: GameSession; openNightId: string } {
  const session = start();
  playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-02-06', turns: 6 });
  closeNight(session);
  playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Dev'], day: '2026-02-13', turns: 6 });
  closeNight(session);
  folder.clock.setDay('2026-02-20');
  const view = accepted(
    session.runNow('startNight', { players: [{ name: 'Ana' }, { name: 'Eli' }], startingChips: 20, chipValue: 25 }),
  ).view;
  const openNightId = view.night?.id ?? '';
  session.close();
  return { session, openNightId };
}

describe('storage notices last until the host dismisses them', () => {
  it('a notice survives restarts, and is gone for good once dismissed', () => {
    historyWithOpenNight();
    fs.writeFileSync(file('settings.json'), '{ not json');
    const first = start();
    const [notice] = about(first, 'settings.json');
    expect(notice).toMatchObject({ kind: 'set-aside', reason: expect.stringMatching(/not valid JSON/) });
    first.close();

    const second = start();
    expect(notices(second)).toEqual(notices(first));
    // Shown while a night is open too: the view carries them whatever screen the console is on.
    expect(second.getView().night?.phase).not.toBe('ended');

    const before = second.getView();
    const unknown = second.runNow('dismissNotice', { id: 'no-such-notice' });
    expect(unknown.ok).toBe(false);
    expect(second.getView()).toBe(before);

    const pushed: AppView[] = [];
    second.onView((view) => pushed.push(view));
    accepted(second.runNow('dismissNotice', { id: notice?.id }));
    expect(notices(second)).toEqual([]);
    expect(pushed.at(-1)?.storageNotices).toEqual([]);
    second.close();
    expect(notices(start())).toEqual([]);
  });

  it('only the host may dismiss a notice', () => {
    expect(commandsFor('host').includes('dismissNotice')).toBe(true);
    expect(commandsFor('table').includes('dismissNotice')).toBe(false);
    expect(commandsFor('phone').includes('dismissNotice')).toBe(false);
  });
});

describe('R35: a copy here of a paired laptop’s night that cut back to a takeover point', () => {
  it('R35: the host is told whose lines were set aside, how many, after which line, which laptop took over and where they are; until dismissed, across restarts', async () => {
    const session = start();
    const pushed: AppView[] = [];
    session.onView((view) => pushed.push(view));
    const night = '2026-02-20-a1b2c3';
    const [ann, bob] = ['l-00000000000000a1', 'l-00000000000000b1'];
    const copy = file('live', `${night}.jsonl`);
    const aside = { nightId: night, from: ann, by: bob, line: 412, lines: 8, file: `${copy}.cut-back-after-412`, copy };
    await session.groupFiles.copyCutBack(aside);
    // Told again of the same lines (nothing new), it is shown once; another cut back of the copy is a notice of its own.
    await session.groupFiles.copyCutBack(aside);
    await session.groupFiles.copyCutBack({ ...aside, line: 3, lines: 1, file: `${copy}.cut-back-after-3` });
    const told = notices(session);
    // Outside a group the laptops go by their ids (in one, by their names: host/cutBack.test.ts).
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'set-aside',
        file: copy,
        setAsideAs: `${copy}.cut-back-after-412`,
        copyCutBack: { night, from: ann, by: bob, line: 412, after: 8 },
        reason:
          `this laptop's copy of night ${night} held 8 lines that ${ann} wrote after ${bob} took the night over from it at line 412 (R35). ` +
          `They are not part of the night: the copy follows ${bob} from that line, and they are kept aside in ${copy}.cut-back-after-412, never merged.`,
      }),
      expect.objectContaining({
        copyCutBack: { night, from: ann, by: bob, line: 3, after: 1 },
        reason: expect.stringContaining(`held 1 line that ${ann} wrote after ${bob} took the night over from it at line 3 (R35)`),
      }),
    ]);
    expect(pushed.at(-1)?.storageNotices).toEqual(told);
    session.close();

    const again = start();
    expect(notices(again)).toEqual(told);
    accepted(again.runNow('dismissNotice', { id: told[0]?.id }));
    again.close();
    expect(notices(start())).toEqual(told.slice(1));
  });
});

describe('a missing file is reported', () => {
  it.each([
    ['settings.json', /not found: the setup of the last night is forgotten/],
    ['roster.json', /not found/],
    ['nights-index.json', /not found: the list of nights is rebuilt/],
  ])('deleting %s gives a notice', (name, reason) => {
    historyWithOpenNight();
    fs.rmSync(file(name));
    const session = start();
    const missing = about(session, name).filter((n) => n.kind === 'missing');
    expect(missing).toEqual([expect.objectContaining({ reason: expect.stringMatching(reason) })]);
    // Found missing again at the next start, the notice is not repeated.
    session.close();
    expect(about(start(), name).filter((n) => n.kind === 'missing')).toHaveLength(1);
  });

  it("deleting the open night's file says the night has gone from the table", () => {
    const { openNightId } = historyWithOpenNight();
    fs.rmSync(file('nights', `${openNightId}.jsonl`));
    const session = start();
    expect(session.getView().night).toBeNull();
    expect(about(session, `nights/${openNightId}.jsonl`)).toEqual([
      expect.objectContaining({ kind: 'missing', reason: expect.stringMatching(/open night .* has gone from the table/) }),
    ]);
  });

  it('a fresh data folder reports nothing', () => {
    expect(notices(start())).toEqual([]);
  });
});

describe('a damaged roster is rebuilt from the nights', () => {
  it.each([
    ['damaged', () => fs.writeFileSync(file('roster.json'), '[1, 2')],
    ['deleted', () => fs.rmSync(file('roster.json'))],
  ])('a %s roster comes back with the names and ids of everyone who played', (_how, damage) => {
    historyWithOpenNight();
    const before = start()
      .getView()
      .roster.map((p) => ({ id: p.id, name: p.name }));
    folder.closeLast();
    damage();
    const session = start();
    const rebuilt = session.getView().roster.map((p) => ({ id: p.id, name: p.name }));
    expect(rebuilt.sort((a, b) => a.name.localeCompare(b.name))).toEqual(before.sort((a, b) => a.name.localeCompare(b.name)));
    expect(about(session, 'roster.json').map((n) => n.kind)).toContain('rebuilt');
    // The leaderboard shows names again, not raw ids.
    const names = ask(session, 'getStandings', {}).rows.map((r) => r.name);
    expect(names.sort()).toEqual(['Ana', 'Ben', 'Cleo', 'Dev']);
  });
});

describe('temporary files of interrupted writes', () => {
  it('are removed at start; set-aside copies and other files are kept', () => {
    historyWithOpenNight();
    const leftovers = [
      file('roster.json.tmp-1763666400a1b2c3'),
      file('nights', 'x.json.tmp-17636664000fffff'),
      file('night-parts', 'y.json.tmp-1763666400123456'),
      file('nights', '2026-02-20-abc.jsonl.tmp-4242'),
      // The seed key's and the laptop chain's own whole-file writes (store/seedKey.ts, journalFiles.ts).
      file('seed-key.tmp-4242'),
      file('seed-key.keychain.tmp-4242'),
      file('nights', '2026-02-20-abc.witness.tmp-4242'),
    ];
    const kept = [
      file('roster.json.corrupt-2026-01-01T00-00-00-000Z'),
      file('nights', 'notes.txt'),
      file('nights', 'my.witness.tmp-notes.txt'),
    ];
    fs.mkdirSync(file('night-parts'), { recursive: true });
    for (const f of [...leftovers, ...kept]) fs.writeFileSync(f, '{"half":');
    const session = start();
    for (const f of leftovers) expect(fs.existsSync(f), f).toBe(false);
    for (const f of kept) expect(fs.existsSync(f), f).toBe(true);
    expect(notices(session)).toEqual([]);
  });
});

describe('files in the nights folder that are not nights', () => {
  it('a copy of a journal left by a file manager ("… copy.jsonl") or an old-format "… copy.json" is left alone, and the open night resumes', () => {
    const { openNightId } = historyWithOpenNight();
    const journal = file('nights', `${openNightId}.jsonl`);
    fs.copyFileSync(journal, file('nights', `${openNightId} copy.jsonl`));
    fs.writeFileSync(file('nights', 'notes copy.json'), '{}');
    const session = start();
    expect(session.getView().night?.id).toBe(openNightId);
    expect(ask(session, 'listNights')).toHaveLength(3);
    expect(fs.existsSync(file('nights', `${openNightId} copy.jsonl`))).toBe(true);
  });
});

describe('the journal of the night being played is only written, never read back under the writer', () => {
  it("asking about the open night (the TV's history) answers from the table and leaves its journal where it is", () => {
    const { openNightId } = historyWithOpenNight();
    const session = start();
    const journal = file('nights', `${openNightId}.jsonl`);
    const lines = fs.readFileSync(journal, 'utf8').split('\n');
    // Damage a line in the middle: only a reader would notice; the session holds the night already.
    lines[1] = '{ damaged';
    fs.writeFileSync(journal, lines.join('\n'));
    const detail = ask(session, 'getNight', { nightId: openNightId });
    expect(detail.night.id).toBe(openNightId);
    expect(fs.readdirSync(file('nights')).filter((name) => name.startsWith(openNightId))).toEqual([`${openNightId}.jsonl`]);
    expect(notices(session)).toEqual([]);
  });
});
