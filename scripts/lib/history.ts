import type { RosterPlayer, RuleSettings } from '../../src/shared';
import { createConfBackend, DealerRepository, journalText, type NightSummary } from '../../src/main/store';
import { initialsOf, paletteColour } from '../../src/main/store/playerStyle';
import { Bot } from './bot';
import { MemoryTable } from './memoryTable';
import { endNight, playTurns, startNight } from './playNight';
import { SeededStream } from './seededStream';
import { BOT_NAMES, BOT_STREAM, DEALER_STREAM, planFor, tickingClock } from './simulation';

export interface HistoryPlan {
  nights: number;
  turns: number;
  players: number;
  rules: RuleSettings;
  startingChips: number;
  seed: Uint8Array;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_EPOCH = Date.parse('2025-01-03T20:00:00.000Z');

/**
 * Fills a data folder with ended nights, played by the simulator's bots
 * through the engine and ledger (MemoryTable), each night's journal
 * written once, with the roster and the index the app would have
 * written. The same bots and rules as `npm run simulate`, minus the
 * per-command writes that would make 300 nights take an hour.
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
  const summaries: NightSummary[] = [];
  for (let i = 0; i < plan.nights; i++) {
    const start = HISTORY_EPOCH + i * 7 * DAY_MS;
    const nightId = `${new Date(start).toISOString().slice(0, 10)}-${hex(3)}`;
    const table = new MemoryTable(dealer, roster, tickingClock(start), nightId);
    const night = planFor(plan);
    startNight(table, night);
    playTurns(table, bot, night);
    endNight(table);
    const text = journalText(nightId, table.played.entries);
    repo.journals.writeWhole(nightId, text);
    summaries.push(table.summary(Buffer.byteLength(text, 'utf8')));
  }
  repo.saveIndex(summaries);
  return { roster, summaries };
}
