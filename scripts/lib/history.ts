import type { RosterPlayer, RuleSettings } from '../../src/shared';
import { chainedJournal, decodeJournal, type NightSummary } from '../../src/main/night';
import { createConfBackend, DealerRepository, journalText } from '../../src/main/store';
import { initialsOf, paletteColour } from '../../src/main/store/playerStyle';
import { Bot } from '../../src/main/simulation/bot';
import { MemoryTable } from '../../harness/memoryTable';
import { endNight, playTurns, startNight } from '../../src/main/simulation/playNight';
import { SeededStream } from '../../src/main/simulation/seededStream';
import { BOT_NAMES, BOT_STREAM, DEALER_STREAM, planFor } from './simulation';
import { tickingClock } from '../../harness/simulatedClock';

export interface HistoryPlan {
  nights: number;
  /**
   * How many of the nights are played; the rest are copies of them under
   * new ids and dates (a copy replays exactly like its original), so 1,000
   * nights take seconds to make. Defaults to all of them.
   */
  distinct?: number;
  turns: number;
  players: number;
  rules: RuleSettings;
  startingChips: number;
  seed: Uint8Array;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_EPOCH = Date.parse('2005-01-07T20:00:00.000Z');

/**
 * Fills a data folder with ended nights, played by the simulator's bots
 * through the engine and ledger (MemoryTable: the session's own step without
 * a write per command), each night's journal written once, with the roster
 * and the index the app would have written.
 */
export function makeHistory(root: string, plan: HistoryPlan): { roster: RosterPlayer[]; summaries: NightSummary[] } {
  const repo = new DealerRepository(createConfBackend(root));
  const dealer = new SeededStream(plan.seed, `${DEALER_STREAM}/history`);
  const bot = new Bot(new SeededStream(plan.seed, `${BOT_STREAM}/history`));
  const hex = (bytes: number) => Buffer.from(dealer.bytes(bytes)).toString('hex');
  const roster: RosterPlayer[] = BOT_NAMES.slice(0, plan.players).map((name, i) => ({
    id: `p-${hex(4)}`,
    name,
    colour: paletteColour(i),
    initials: initialsOf(name),
    archived: false,
  }));
  repo.saveRoster(roster);
  const played: { text: string; summary: NightSummary }[] = [];
  const summaries: NightSummary[] = [];
  const distinct = Math.max(1, Math.min(plan.distinct ?? plan.nights, plan.nights));
  for (let i = 0; i < plan.nights; i++) {
    const start = HISTORY_EPOCH + i * 7 * DAY_MS;
    const nightId = `${new Date(start).toISOString().slice(0, 10)}-${hex(3)}`;
    const original = played[i % distinct];
    if (i >= distinct && original) {
      const copy = copyNight(original, nightId, start - Date.parse(original.summary.startedAt));
      repo.journals.writeWhole(nightId, copy.text);
      summaries.push(copy.summary);
      continue;
    }
    const table = new MemoryTable(dealer, roster, tickingClock(start), nightId);
    const night = planFor(plan);
    startNight(table, night);
    playTurns(table, bot, night);
    endNight(table);
    const text = journalText(nightId, table.played.entries);
    repo.journals.writeWhole(nightId, text);
    const summary = table.summary(Buffer.byteLength(text, 'utf8'));
    played.push({ text, summary });
    summaries.push(summary);
  }
  repo.saveIndex(summaries);
  return { roster, summaries };
}

/** A night under another id, every time moved by `shiftMs`: the same commands, seeds and cuts. */
function copyNight(
  original: { text: string; summary: NightSummary },
  nightId: string,
  shiftMs: number,
): { text: string; summary: NightSummary } {
  const shift = (at: string) => new Date(Date.parse(at) + shiftMs).toISOString();
  const { entries } = decodeJournal(original.text);
  const lines = entries.map((entry) => {
    const command = entry.command.type === 'start' ? { ...entry.command, nightId } : entry.command;
    return { ...entry, ...(entry.at !== undefined ? { at: shift(entry.at) } : {}), command };
  });
  const { text } = chainedJournal(nightId, lines);
  const { summary } = original;
  return {
    text,
    summary: {
      ...summary,
      id: nightId,
      startedAt: shift(summary.startedAt),
      endedAt: summary.endedAt === null ? null : shift(summary.endedAt),
      file: `nights/${nightId}`,
      journalBytes: Buffer.byteLength(text, 'utf8'),
    },
  };
}
