import fs from 'node:fs';
import path from 'node:path';
import { chainStart, hashOfLine, recordStatement, type JournalLine, type LaptopSigner } from '../../night';
import { currentNight, openSession, playTurns, run, startNight, TestClock } from '../../session/testing/kit';
import type { LiveBatch } from '../liveCopies';

/** A night's journal as its holder has it on disk: its header, its command lines (seeds of decks in play sealed), each line's chain head. */
export interface HolderJournal {
  nightId: string;
  header: string;
  lines: string[];
  heads: string[];
}

/** A real journal, written by a session in `root`: `turns` turns, then the night ended when `end`. */
export function realJournal(root: string, turns: number, end = false, label = 'live'): HolderJournal {
  const session = openSession(root, new TestClock('2026-03-01T20:00:00.000Z'), label);
  startNight(session);
  playTurns(session, turns);
  if (end) run(session, 'endNight', { stateId: currentNight(session).stateId });
  const nightId = currentNight(session).id;
  session.close();
  const rows = fs.readFileSync(path.join(root, 'nights', `${nightId}.jsonl`), 'utf8').split('\n').slice(0, -1);
  const [header, ...lines] = rows as [string, ...string[]];
  let head = chainStart(nightId);
  const heads = lines.map((line) => {
    const { prev: _prev, ...facts } = JSON.parse(line) as JournalLine & { prev: string };
    head = hashOfLine(head, facts);
    return head;
  });
  return { nightId, header, lines, heads };
}

/** Lines [from, to] (1-based) of `journal` as `signer` sends them to a live copy (`lines` given: sent instead, signed as the journal's). */
export function signedBatch(
  journal: HolderJournal,
  from: number,
  to: number,
  signer: LaptopSigner,
  lines = journal.lines.slice(from - 1, to),
): LiveBatch {
  const head = journal.heads[to - 1] as string;
  return {
    nightId: journal.nightId,
    laptop: signer.laptopId,
    from,
    ...(from === 1 ? { header: journal.header } : {}),
    lines,
    signed: {
      laptop: signer.laptopId,
      key: signer.publicKey,
      lines: to,
      head,
      sig: signer.sign(recordStatement(journal.nightId, signer.laptopId, to, head)),
    },
  };
}
