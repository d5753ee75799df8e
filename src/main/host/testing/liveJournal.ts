import fs from 'node:fs';
import path from 'node:path';
import type { testSigner } from '../../group/testing/kit';
import { currentNight, openSession, playTurns, run, startNight, TestClock } from '../../session/testing/kit';
import { JournalTail } from '../../store/journalTail';
import { signLines, type LiveBatch } from '../../store/liveCopies';

type LaptopSigner = ReturnType<typeof testSigner>;

/** A night's journal as its holder has it on disk: its header, its command lines (seeds of decks in play sealed), each line's chain head. */
export interface HolderJournal {
  nightId: string;
  header: string;
  lines: string[];
  heads: string[];
}

/** A journal file's lines and chain heads, read as the holder's push reads them. */
function journalAt(nightId: string, file: string): HolderJournal {
  const tail = new JournalTail(nightId, file);
  tail.read();
  return { nightId, header: tail.header ?? '', lines: [...tail.lines], heads: [...tail.heads] };
}

/** A real journal, written by a session in `root`: `turns` turns, then the night ended when `end`. */
export function realJournal(root: string, turns: number, end = false, label = 'live'): HolderJournal {
  const session = openSession(root, new TestClock('2026-03-01T20:00:00.000Z'), label);
  startNight(session);
  playTurns(session, turns);
  if (end) run(session, 'endNight', { stateId: currentNight(session).stateId });
  const nightId = currentNight(session).id;
  session.close();
  return journalAt(nightId, path.join(root, 'nights', `${nightId}.jsonl`));
}

/**
 * `journal` with `change` made to line `index` (0-based) and the chain made again after it, written to `file`: lines
 * its holder could sign, whose chain checks.
 */
export function changedJournal(journal: HolderJournal, index: number, change: (line: string) => string, file: string): HolderJournal {
  const lines = journal.lines.map((line, i) => (i === index ? change(line) : line));
  fs.writeFileSync(file, `${journal.header}\n${lines.join('\n')}\n`);
  const heads = journalAt(journal.nightId, file).heads;
  const chained = lines.map((line, i) => (i <= index ? line : JSON.stringify({ ...JSON.parse(line), prev: heads[i - 1] })));
  return { ...journal, lines: chained, heads };
}

/** Lines [from, to] (1-based) of `journal` as `signer` sends them to a live copy (`lines` given: sent instead, signed as the journal's). */
export function signedBatch(
  journal: HolderJournal,
  from: number,
  to: number,
  signer: LaptopSigner,
  lines = journal.lines.slice(from - 1, to),
): LiveBatch {
  return {
    nightId: journal.nightId,
    laptop: signer.laptopId,
    from,
    ...(from === 1 ? { header: journal.header } : {}),
    lines,
    signed: signLines(signer, journal.nightId, to, journal.heads[to - 1] as string),
  };
}
