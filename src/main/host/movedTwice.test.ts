import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportFile } from '../../shared';
import { judgeNight } from '../group/nightIntake';
import { proveNight } from '../group/nightProof';
import { advance, checkedExportFile, currentNight, playTurns, startNight } from '../session/testing/kit';
import type { GameSession } from '../session/gameSession';
import { journalLineCount, liveLaptopsPerTest, pair, until, type LiveLaptop } from './testing/liveLaptops';

/**
 * R35 "what a laptop writes is signed with that laptop's key ... so anyone can tell which laptop wrote each line", for a
 * night moved twice on real laptops over loopback: Ann's laptop opens it, hands it over to Bob's (Carol's holding a copy
 * of Ann's), Bob's plays on and goes off, Carol's takes it over and ends it. Ann's signature of her lines travels with
 * them to Carol's copy through Bob's, and into the record Carol's exports and shares: the night checker and the
 * group's intake find each epoch signed by its writer. (Before, Bob's push left Ann's signature out: Carol's record
 * held Ann's lines signed by Bob alone.)
 */
const laptops = liveLaptopsPerTest('moved-twice-');
const { laptop, switchedOff } = laptops;

function idOf(session: GameSession): string {
  const id = session.getView().group?.laptopId;
  if (!id) throw new Error('not in a group');
  return id;
}

/** The public key a laptop signs with, as its group.json keeps it (and as the group holds it for that laptop). */
function ownKey(owner: LiveLaptop): string {
  const file = (fs.readdirSync(owner.root, { recursive: true }) as string[]).find((name) => path.basename(name) === 'group.json');
  if (!file) throw new Error('no group.json');
  const key = (JSON.parse(fs.readFileSync(path.join(owner.root, file), 'utf8')) as { laptopKey?: string }).laptopKey;
  if (!key) throw new Error('no key in group.json');
  return key;
}

interface Signed {
  laptop: string;
  lines: number;
}

/** The signature lines of a record's journal text, in order. */
function signaturesOf(journal: string): Signed[] {
  return journal
    .split('\n')
    .filter((row) => row.startsWith('{"signed"'))
    .map((row) => (JSON.parse(row) as { signed: Signed }).signed);
}

describe('R35: a night moved twice keeps every writer’s signature', () => {
  it('R35: Ann → Bob (handed over) → Carol (taken over): Carol’s copy and record hold Ann’s signature of Ann’s lines, and the checker and the intake pass it', async () => {
    const ann = await laptop('ann');
    const bob = await laptop('bob');
    let carol = await laptop('carol');
    await pair(ann, bob);
    await pair(ann, carol, true);
    await pair(bob, carol, true);
    const [annId, bobId, carolId] = [idOf(ann.session), idOf(bob.session), idOf(carol.session)];
    const nightId = startNight(ann.session, { players: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Chloé' }] }).id;
    playTurns(ann.session, 3);
    while (currentNight(ann.session).phase !== 'ready') advance(ann.session);
    await until(() => {
      ann.lan.live.round();
      const lines = journalLineCount(ann, nightId);
      return [bob, carol].every((l) => l.lan.live.copies.held(nightId)?.lines === lines) && ann.lan.live.copyAt(bobId)?.behind === 0;
    });

    // Ann's laptop hands the night to Bob's; Bob's opens it and plays on.
    const handed = await ann.session.run('host', 'handOverNight', { nightId, laptopId: bobId });
    if (!handed.ok) throw new Error(handed.error.message);
    const annLines = handed.data.line;
    await until(() => bob.session.getView().groupLan?.holding[0]?.handedHere === true);
    const opened = await bob.session.run('host', 'takeOverNight', { nightId });
    if (!opened.ok) throw new Error(opened.error.message);
    playTurns(bob.session, 2);
    while (currentNight(bob.session).phase !== 'ready') advance(bob.session);
    const bobLines = journalLineCount(bob, nightId);
    await until(() => {
      bob.lan.live.round();
      return carol.lan.live.copies.held(nightId)?.lines === bobLines;
    });
    // Carol's copy follows the night to Bob's, and holds Ann's signature of the lines Ann wrote, checked on arrival.
    const copy = carol.lan.live.copies.held(nightId);
    expect(copy).toMatchObject({ holder: bobId, lines: bobLines, epoch: 2 });
    expect(copy?.writers).toEqual([expect.objectContaining({ laptop: annId, lines: annLines })]);
    // (Its file is appended to batch by batch: Ann's signature of each batch of hers stays till it is read again.)
    const inFile = signaturesOf(carol.lan.live.copies.text(nightId) ?? '');
    expect(inFile).toContainEqual(expect.objectContaining({ laptop: annId, lines: annLines }));
    expect(inFile.at(-1)).toMatchObject({ laptop: bobId, lines: bobLines });

    // Bob's laptop goes off; Carol's takes the night over (epoch 3), plays on and ends it.
    await switchedOff(bob);
    const taken = await carol.session.run('host', 'takeOverNight', { nightId });
    if (!taken.ok) throw new Error(taken.error.message);
    playTurns(carol.session, 1);
    while (currentNight(carol.session).phase !== 'ready') advance(carol.session);
    // Carol's laptop restarts on a journal damaged at its end: the lines before the damage are written again, with
    // Ann's and Bob's signatures of theirs (no line could give them back).
    await switchedOff(carol);
    fs.appendFileSync(path.join(carol.root, 'session', 'nights', `${nightId}.jsonl`), '{"not":"a line"}\n');
    carol = await laptop('carol');
    expect(carol.session.getView().storageNotices.map((n) => n.reason)).toContainEqual(expect.stringMatching(/cannot be used/));
    // (Started once more, it has only the journal as written again to go by.)
    await switchedOff(carol);
    carol = await laptop('carol');
    const end = await carol.session.run('host', 'endNight', { stateId: currentNight(carol.session).stateId });
    if (!end.ok) throw new Error(end.error.message);
    const exported = await carol.session.run('host', 'exportNight', { nightId, format: 'json' });
    if (!exported.ok) throw new Error(exported.error.message);
    const content = (exported.data as ExportFile).content;
    const record = (JSON.parse(content) as { record: { journal: string; laptops: { laptopId: string }[] } | null }).record;
    if (!record) throw new Error('the export has no record');

    // Each epoch's lines signed by the laptop that wrote them: Ann's 1-n, Bob's up to his last, Carol's the whole night.
    const all = journalLineCount(carol, nightId);
    expect(signaturesOf(record.journal)).toEqual([
      expect.objectContaining({ laptop: annId, lines: annLines }),
      expect.objectContaining({ laptop: bobId, lines: bobLines }),
      expect.objectContaining({ laptop: carolId, lines: all }),
    ]);
    expect(record.laptops.map((l) => l.laptopId).sort()).toEqual([annId, bobId, carolId].sort());
    // The night checker (which shares no code with the app) finds nothing wrong; all it cannot check is the deck in
    // play lost with Bob's laptop (its seed never revealed).
    expect(checkedExportFile(content)).toEqual([expect.stringMatching(/^R35 cannot-check deck play-\d+ was lost with its laptop/)]);

    // The group's intake proves it: every signature against the key the group holds for its laptop.
    const keys = new Map([ann, bob, carol].map((l) => [idOf(l.session), ownKey(l)]));
    const judged = judgeNight(nightId, Buffer.from(record.journal, 'utf8'));
    if (!judged.ok) throw new Error(judged.reason);
    const group = { keyOf: (id: string) => keys.get(id), nameOf: (id: string) => `laptop ${id}` };
    expect(proveNight(nightId, { id: carolId, name: 'Carol', key: keys.get(carolId) }, judged.record, group)).toEqual({
      ok: true,
      signed: true,
    });

    // Ann's signature taken off: Ann's lines, signed by Bob's and Carol's keys only, are refused, naming Ann's laptop.
    const withoutAnn = record.journal
      .split('\n')
      .filter((row) => !row.startsWith(`{"signed":{"laptop":"${annId}"`))
      .join('\n');
    const stripped = judgeNight(nightId, Buffer.from(withoutAnn, 'utf8'));
    if (!stripped.ok) throw new Error(stripped.reason);
    expect(proveNight(nightId, { id: carolId, name: 'Carol', key: keys.get(carolId) }, stripped.record, group)).toEqual({
      ok: false,
      reason: expect.stringMatching(new RegExp(`lines 1 to ${annLines} \\(epoch 1\\) were written by laptop ${annId}, but no signature`)),
    });
  }, 30_000);
});
