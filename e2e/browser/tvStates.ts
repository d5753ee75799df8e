/**
 * Table states for the TV's own checks (tvTells.spec.ts): a night played by
 * the simulator's bots in memory, with the real engine and NightView, stopped
 * at the first moment a test asks for. Pushed into the built TV, the phone
 * page or the console's history through fakes of what main would send.
 */
import type { AppView, NightDetail, NightView, RosterPlayer, RuleSettings } from '../../src/shared';
import { DEFAULT_RULES } from '../../src/shared/settings';
import { nightDetail } from '../../src/main/history/nightDetail';
import { Bot } from '../../src/main/simulation/bot';
import { MemoryTable } from '../../harness/memoryTable';
import { nextAction, perform } from '../../src/main/simulation/playNight';
import { SeededStream } from '../../src/main/simulation/seededStream';
import { tickingClock } from '../../harness/simulatedClock';

const COLOURS = ['#f2c14e', '#5fd38d', '#6aa7ff', '#ff7a7a', '#c58cff', '#4fd1d9', '#ff9f43', '#e84393'];

export function rosterOf(names: readonly string[]): RosterPlayer[] {
  return names.map((name, i) => ({
    id: `p${i + 1}`,
    name,
    colour: COLOURS[i % COLOURS.length]!,
    initials: [...name].slice(0, 2).join(''),
    archived: false,
  }));
}

/** A night in memory: `until` is asked after every command and the night stops at the first yes (or throws). */
export function playUntil(
  names: readonly string[],
  until: (night: NightView) => boolean,
  options: { settings?: Partial<RuleSettings>; seed?: string; startingChips?: number } = {},
): { table: MemoryTable; night: NightView; roster: RosterPlayer[] } {
  const roster = rosterOf(names);
  const seed = Buffer.from(options.seed ?? 'tv-tells', 'utf8');
  const startingChips = options.startingChips ?? 100;
  const table = new MemoryTable(new SeededStream(seed, 'dealer'), roster, tickingClock(), 'tv-tells');
  const bot = new Bot(new SeededStream(seed, 'bots'));
  perform(table, {
    command: 'startNight',
    args: {
      players: names.map((name) => ({ name })),
      startingChips,
      chipValue: 25,
      currency: 'EUR',
      settings: { ...DEFAULT_RULES, ...options.settings },
    },
  });
  for (let guard = 0; guard < 5000; guard++) {
    const night = table.night()!;
    if (until(night)) return { table, night, roster };
    const action = nextAction(night, bot, startingChips);
    if (!action) break;
    perform(table, action);
  }
  throw new Error('the night never reached the state asked for');
}

/** What main would send every screen for this night on the live table. */
export function liveView(night: NightView | null, roster: RosterPlayer[], over: Partial<AppView> = {}): AppView {
  return {
    night,
    roster,
    lastSetup: null,
    storageNotices: [],
    tableScreen: { kind: 'live' },
    settleMode: 'fewest',
    preferences: { language: 'en', muted: true },
    ...over,
  };
}

/** The history's answer about this night (what getNight returns once it has ended, or while it is open). */
export function detailOf(table: MemoryTable): NightDetail {
  return nightDetail(table.summary(), table.played);
}
