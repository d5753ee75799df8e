import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type StorageNotice } from '../../shared';
import { Bot } from '../simulation/bot';
import { playTurns, sessionTable, startNight } from '../simulation/playNight';
import { SeededStream } from '../simulation/seededStream';
import { accepted, ask, closeNight, currentNight, playNight, sessionFolderPerTest } from './testing/kit';
import type { GameSession } from './gameSession';
import { createConfBackend } from '../store/confBackend';
import { DealerRepository } from '../store/repository';

/**
 * A night's journal cut short (docs/night-journal.md, "A journal cut
 * short"): many acknowledged lines gone is damage, not a torn write. It is
 * copied aside, a notice stays until the host answers, and an ended night's
 * index figures stand until the host chooses.
 */

const folder = sessionFolderPerTest('dealer-short-journal-');
const start = (): GameSession => folder.start();
const journal = (id: string) => path.join(folder.root, 'nights', `${id}.jsonl`);
const shortNotices = (session: GameSession): StorageNotice[] => session.getView().storageNotices.filter((n) => n.kind === 'short-journal');
const copiesOf = (id: string) => fs.readdirSync(path.join(folder.root, 'nights')).filter((name) => name.startsWith(`${id}.jsonl.short-`));

interface IndexLine {
  id: string;
  turns: number;
  endedAt: string | null;
  results: { playerId: string; netChips: number }[];
  balances?: Record<string, number>;
}
/** A night's line in the index as on disk: the whole file with the log of its changes applied (store/indexLog.ts). */
const indexLine = (id: string): IndexLine | undefined =>
  new DealerRepository(createConfBackend(folder.root)).loadIndex().find((n) => n.id === id) as IndexLine | undefined;

/** Cuts a journal to about half its bytes; `atLine` keeps whole lines only, else the cut falls inside a line. */
function cutInHalf(id: string, atLine: boolean): string {
  const text = fs.readFileSync(journal(id), 'utf8');
  let cut = Math.floor(text.length / 2);
  // At a line: after the last bet before half way, so no turn is left in progress and the night can be ended there.
  if (atLine) cut = text.indexOf('\n', text.lastIndexOf('"type":"bet"', cut)) + 1;
  else if (text[cut - 1] === '\n') cut += 3;
  const kept = text.slice(0, cut);
  fs.writeFileSync(journal(id), kept);
  return kept;
}

/** Two ended nights, the app quit cleanly: the second night's journal is the one cut. */
function twoEndedNights(): { first: string; second: string } {
  const session = start();
  const first = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Cleo'], day: '2026-03-06', turns: 6 });
  closeNight(session);
  const second = playNight(session, folder.clock, { players: ['Ana', 'Ben', 'Dev'], day: '2026-03-13', turns: 30 });
  closeNight(session);
  session.close();
  return { first, second };
}

describe('an ended night whose journal was cut short', () => {
  for (const atLine of [true, false]) {
    it(`is reported, copied aside and keeps the index's figures until the host chooses (cut ${atLine ? 'at a line end' : 'inside a line'})`, () => {
      const { first, second } = twoEndedNights();
      const before = indexLine(second);
      const firstBefore = indexLine(first);
      const cutText = cutInHalf(second, atLine);

      const session = start();
      const [notice] = shortNotices(session);
      expect(notice?.shortJournal).toMatchObject({ night: second, turnsListed: 30, awaitsChoice: true });
      expect(notice?.shortJournal?.turnsFound).toBeLessThan(30);
      expect(notice?.file).toBe(journal(second));
      // The journal as found is kept whole beside it, torn tail included.
      expect(copiesOf(second)).toHaveLength(1);
      expect(notice?.setAsideAs).toBe(path.join(folder.root, 'nights', copiesOf(second)[0] ?? ''));
      expect(fs.readFileSync(notice?.setAsideAs ?? '', 'utf8')).toBe(cutText);
      // The index's figures stand: the history and the standings are unchanged.
      expect(indexLine(second)).toEqual(before);
      expect(indexLine(first)).toEqual(firstBefore);
      expect(ask(session, 'listNights').find((n) => n.id === second)?.turns).toBe(30);

      // It cannot be dismissed without a choice, and a restart neither forgets it nor copies again.
      expect(session.runNow('dismissNotice', { id: notice?.id }).ok).toBe(false);
      session.close();
      const again = start();
      expect(shortNotices(again)).toEqual([notice]);
      expect(copiesOf(second)).toHaveLength(1);
      expect(indexLine(second)).toEqual(before);
    });
  }

  it('kept with the index figures: the notice goes and the results stay, across restarts', () => {
    const { second } = twoEndedNights();
    const before = indexLine(second);
    cutInHalf(second, true);
    const session = start();
    const [notice] = shortNotices(session);
    accepted(session.runNow('dismissNotice', { id: notice?.id, keep: 'index' }));
    expect(shortNotices(session)).toEqual([]);
    session.close();
    const again = start();
    expect(shortNotices(again)).toEqual([]);
    const kept = indexLine(second);
    expect(kept?.results).toEqual(before?.results);
    expect(kept?.balances).toEqual(before?.balances);
    expect(kept?.turns).toBe(30);
  });

  it('accepted as the shorter journal: the line is remade from it and the night ends where the journal stops', () => {
    const { second } = twoEndedNights();
    const before = indexLine(second);
    cutInHalf(second, true);
    const session = start();
    const [notice] = shortNotices(session);
    const found = notice?.shortJournal?.turnsFound;
    accepted(session.runNow('dismissNotice', { id: notice?.id, keep: 'journal' }));
    const remade = indexLine(second);
    expect(remade?.turns).toBe(found);
    expect(remade?.endedAt).toBe(before?.endedAt);
    expect(remade?.results).not.toEqual(before?.results);
    session.close();
    const again = start();
    expect(shortNotices(again)).toEqual([]);
    expect(indexLine(second)).toEqual(remade);
    expect(ask(again, 'listNights').find((n) => n.id === second)?.turns).toBe(found);
  });

  it('a choice on any other notice is refused, changing nothing', () => {
    const { second } = twoEndedNights();
    fs.writeFileSync(path.join(folder.root, 'settings.json'), '{ damaged');
    cutInHalf(second, true);
    const session = start();
    const other = session.getView().storageNotices.find((n) => n.kind === 'set-aside');
    const refused = session.runNow('dismissNotice', { id: other?.id, keep: 'index' });
    expect(refused.ok).toBe(false);
    expect(session.getView().storageNotices).toHaveLength(2);
  });
});

describe('the open night whose journal was cut short', () => {
  it('cut below the size recorded when the app last quit: reported, copied aside, and the night plays on from what is left', () => {
    const session = start();
    folder.clock.setDay('2026-03-20');
    const table = sessionTable(session);
    const plan = { players: ['Ana', 'Ben'], startingChips: 20, rules: DEFAULT_RULES, turns: 20, chipValue: 25 };
    startNight(table, plan);
    playTurns(table, new Bot(new SeededStream(Buffer.from('short/open'), 'bots')), plan);
    const id = currentNight(session).id;
    // A clean quit records the open journal's size in the index: the only write this adds, once a session.
    session.close();
    cutInHalf(id, false);

    const again = start();
    const [notice] = shortNotices(again);
    expect(notice?.shortJournal).toMatchObject({ night: id, turnsListed: 20, awaitsChoice: false });
    expect(notice?.shortJournal?.turnsFound).toBeLessThan(20);
    expect(copiesOf(id)).toHaveLength(1);
    expect(currentNight(again).id).toBe(id);
    expect(currentNight(again).phase).not.toBe('ended');
    // Nothing to choose: the notice is dismissed as any other, and the next start does not find it again.
    accepted(again.runNow('dismissNotice', { id: notice?.id }));
    again.close();
    expect(shortNotices(start())).toEqual([]);
  });

  it('what cannot be told: cut at a line end after the last recorded size, without a clean quit, it reads as a shorter night', () => {
    const session = start();
    folder.clock.setDay('2026-03-27');
    accepted(session.runNow('startNight', { players: [{ name: 'Ana' }, { name: 'Ben' }], startingChips: 20, chipValue: 25 }));
    const id = currentNight(session).id;
    for (const command of ['drawForDealer', 'deal'] as const) accepted(session.runNow(command, { stateId: currentNight(session).stateId }));
    // No clean quit (a power cut): the index holds the size of the journal's first lines only.
    const text = fs.readFileSync(journal(id), 'utf8');
    fs.writeFileSync(journal(id), text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1));
    const again = start();
    expect(shortNotices(again)).toEqual([]);
    expect(currentNight(again).id).toBe(id);
  });
});
