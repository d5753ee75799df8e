/**
 * Table states for the TV layout audit (tableLayout.spec.ts), made by the real
 * engine: each state is a night played by the simulator's bots in memory
 * (harness/memoryTable.ts: the same engine, ledger and NightView as the
 * app), stopped at a random point, with random players, names, rules and
 * stakes. A few states then get the longest banners the engine can produce
 * (a void reversing five re-antes for twelve players, several announcements
 * at once) and some put history on the TV (leaderboard, a past night), with
 * the answers main would give. Everything derives from one seed, so the same
 * run audits the same states.
 */
import type {
  Announcement,
  AppView,
  NightDetail,
  NightListItem,
  PhonesView,
  RosterPlayer,
  RuleSettings,
  Standings,
} from '../../src/shared';
import { NAME_MAX } from '../../src/shared/commands';
import { LANGUAGES } from '../../src/shared/preferences';
import { DEFAULT_RULES } from '../../src/shared/settings';
import { nightDetail } from '../../src/main/history/nightDetail';
import { listNights } from '../../src/main/history/nightsList';
import { standings } from '../../src/main/history/standings';
import { Bot } from '../../src/main/simulation/bot';
import { MemoryTable } from '../../harness/memoryTable';
import { nextAction, perform } from '../../src/main/simulation/playNight';
import { SeededStream } from '../../src/main/simulation/seededStream';
import { tickingClock } from '../../harness/simulatedClock';

export interface TableState {
  /** What the state is, for a failure message and a screenshot's name. */
  label: string;
  view: AppView;
  /** What the history questions answer when the TV shows the leaderboard or a past night. */
  answers: { getStandings: Standings; listNights: NightListItem[]; getNight: NightDetail } | null;
}

/** Names a lobby takes: accents, other scripts, emoji, and the longest and widest the limit allows. */
const NAMED = [
  'Zoë',
  'Kwame',
  'Bartholomew Featherstonehaugh-Smythe',
  'José María de la Cruz',
  'Łukasz Żółkiewski',
  'Søren Østergaard-Kierkegaard',
  'Anaïs',
  'Nguyễn Thị Ngọc Ánh',
  'Siobhán Ní Mhaoldomhnaigh',
  'Ελένη Παπαδοπούλου',
  'Владимир Набоков',
  '山田太郎',
  '佐藤 花子',
  '王小明',
  '김민준',
  'Mia 🍀',
  '🎲 Lucky Lou',
  '🦊',
  'Ann',
  'Bob',
  'Dee',
  'Maximilian von Hohenzollern-Sigmaringen',
];
const WORDS = ['Wilhelmina', 'Montgomery', 'MacWilliams', 'Anneliese', 'Featherstone', 'Ødegaard', 'Ångström', 'Óscar', 'Wu', 'Mmm'];
/** Exactly NAME_MAX characters of the widest kinds: capital W, CJK, emoji. */
const WIDEST = ['W'.repeat(NAME_MAX), '漢字'.repeat(NAME_MAX / 2), '🎲'.repeat(NAME_MAX), 'Ẅ'.repeat(NAME_MAX)];
/** The longest viewer link a home network gives: a 15-character address, a five-digit port, the 16-character token. */
const PHONE_LINK = 'http://192.168.100.200:47809/phone.html?token=q3vk7m2x9pfa4hde';
const CURRENCIES = ['', 'EUR', 'CHF', 'USD', 'GBP', 'JPY'];
const STARTING_CHIPS = [20, 100, 500, 25_000, 1_000_000];

function pick<T>(rng: SeededStream, list: readonly T[]): T {
  return list[rng.below(list.length)] as T;
}

function randomName(rng: SeededStream): string {
  const roll = rng.below(100);
  if (roll < 45) return pick(rng, NAMED);
  if (roll < 65) return pick(rng, WIDEST);
  // Several words, cut to a random length up to the limit.
  let name = pick(rng, WORDS);
  while ([...name].length < NAME_MAX) name += ` ${pick(rng, WORDS)}`;
  const length = 12 + rng.below(NAME_MAX - 11);
  return [...name].slice(0, length).join('').trim();
}

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length === 1 ? [...(words[0] ?? '')].slice(0, 2) : words.slice(0, 3).map((w) => [...w][0] ?? '');
  return letters.join('').toLocaleUpperCase();
}

const COLOURS = [
  '#f2c14e',
  '#5fd38d',
  '#6aa7ff',
  '#ff7a7a',
  '#c58cff',
  '#4fd1d9',
  '#ff9f43',
  '#e84393',
  '#a3e635',
  '#f8fafc',
  '#94a3b8',
  '#fde047',
];

function roster(rng: SeededStream, count: number): RosterPlayer[] {
  const names: string[] = [];
  while (names.length < count) {
    const name = randomName(rng);
    if (!names.some((n) => n.toLocaleLowerCase() === name.toLocaleLowerCase())) names.push(name);
  }
  return names.map((name, i) => ({
    id: `p${i + 1}`,
    name,
    colour: COLOURS[i % COLOURS.length]!,
    initials: initialsOf(name),
    archived: false,
  }));
}

function rules(rng: SeededStream): RuleSettings {
  return {
    ...DEFAULT_RULES,
    decks: 1 + rng.below(4),
    ante: pick(rng, [1, 1, 2, 5, 1000]),
    aceLowChoice: rng.chance(0.5),
    pair: pick(rng, ['pays-2', 'pays-3', 'redeal'] as const),
    consecutive: pick(rng, ['lose-minimum', 'push', 'redeal'] as const),
    postPays: pick(rng, [1, 2] as const),
    potAtEnd: pick(rng, ['split', 'carry'] as const),
    // The house settings (R26-R28) at their defaults, so the audit's states stay the ones it was made with.
    pass: false,
    maxBet: null,
    firstRound: 'open',
    anteWhen: 'empty-pot',
  };
}

/** The longest banners: a void that gives back five re-antes to every player, and several announcements at once. */
function longBanner(rng: SeededStream, players: RosterPlayer[], ante: number): Announcement[] {
  const ids = players.map((p) => p.id);
  const reAntes = Array.from({ length: 5 }, () =>
    ids.map((id) => ({ from: 'pot' as const, to: `player:${id}` as const, amount: ante })),
  ).flat();
  const voided: Announcement = { kind: 'voided', playerId: pick(rng, ids), amount: 0, playerIds: [], moves: reAntes };
  if (rng.chance(0.5)) return [voided];
  const someone = () => pick(rng, ids);
  const several: Announcement[] = [
    { kind: 'post', playerId: someone(), amount: 2 * ante, playerIds: [], moves: [] },
    { kind: 're-ante', playerId: null, amount: ante, playerIds: ids, moves: [] },
    { kind: 'new-deal', playerId: someone(), amount: 0, playerIds: [], moves: [] },
    { kind: 'deck-retired', playerId: null, amount: 0, playerIds: [], moves: [] },
    { kind: 'buy-in', playerId: someone(), amount: 1_000_000, playerIds: [], moves: [] },
  ];
  return several.slice(0, 2 + rng.below(4));
}

/**
 * Names of up to 12 characters in the widest kinds (capitals W, CJK, Hangul, emoji) and two a host
 * reported cut: the TV never shortens a name this short with up to 8 players (layoutAudit.ts).
 */
const SHORT_WIDE = [
  'W'.repeat(12),
  '漢字'.repeat(6),
  '🎲'.repeat(12),
  'Ẅ'.repeat(12),
  '🎲 Kwame Lee',
  'Zoë Lefebvre',
  'M'.repeat(12),
  '김민준'.repeat(4),
];

/**
 * The states of short wide names: 5 to 8 players named from SHORT_WIDE, each
 * played and stopped like any other state (some ended, half of those settled
 * with the bank), so tiles, results and who pays whom all meet them.
 */
export function shortNameStates(seed: string, count: number): TableState[] {
  return Array.from({ length: count }, (_, i) => {
    const players = 5 + (i % 4);
    const names = Array.from({ length: players }, (_, k) => SHORT_WIDE[(i + k) % SHORT_WIDE.length]!);
    return tableState(`${seed}/short-names`, i, names);
  });
}

/** The house rules a host plays by (R26-R30): passing, a bet limit, pairs called, the post costing double, half-pot first rounds, antes every deal. */
const HOUSE_RULES: Partial<RuleSettings>[] = [
  { pass: true, maxBet: 5, pair: 'high-low', postPays: 2 },
  { pass: true, maxBet: 20, pair: 'high-low', postPays: 3, firstRound: 'half-pot', anteWhen: 'every-deal' },
  { maxBet: 1000, postPays: 2, firstRound: 'half-pot' },
];

/**
 * The states of a full table playing house rules: 7 to 12 players, each night
 * played under one of HOUSE_RULES (with the random plain settings too), so the
 * TV must fit its house-rules line beside two rows of seat tiles.
 */
export function houseRuleStates(seed: string, count: number): TableState[] {
  return Array.from({ length: count }, (_, i) =>
    tableState(`${seed}/house-rules`, i, undefined, { players: 7 + (i % 6), settings: HOUSE_RULES[i % HOUSE_RULES.length]! }),
  );
}

/**
 * State `index` of the run seeded by `seed`: the same arguments always give the same state. `names`: the players, instead of a random roster;
 * `house`: how many players and which house settings, instead of the plain game.
 */
export function tableState(
  seed: string,
  index: number,
  names?: readonly string[],
  house?: { players: number; settings: Partial<RuleSettings> },
): TableState {
  const seedBytes = Buffer.from(`${seed}:${index}`, 'utf8');
  const rng = new SeededStream(seedBytes, 'audit/choices');
  // The roll is made whenever it always was, so the states of earlier runs stay the same.
  const drawn = names ? names.length : 2 + rng.below(11);
  const count = house?.players ?? drawn;
  const players = names
    ? names.map((name, i) => ({ id: `p${i + 1}`, name, colour: COLOURS[i % COLOURS.length]!, initials: initialsOf(name), archived: false }))
    : roster(rng, count);
  const settings = { ...rules(rng), ...house?.settings };
  // R4: the starting chips cover the ante with some to play.
  const startingChips = Math.max(pick(rng, STARTING_CHIPS), settings.ante * 10);
  const table = new MemoryTable(new SeededStream(seedBytes, 'audit/dealer'), players, tickingClock(), `night-${index}`);
  const bot = new Bot(new SeededStream(seedBytes, 'audit/bots'), {
    cautiousBelow: 0.3,
    allInFrom: 0.7,
    buyBack: 0.3,
    voidTurn: 0.05,
    correctBet: 0.03,
  });
  perform(table, {
    command: 'startNight',
    args: {
      players: players.map((p) => ({ name: p.name })),
      startingChips,
      chipValue: pick(rng, [0, 25, 100, 1000]),
      currency: pick(rng, CURRENCIES),
      settings,
    },
  });

  // Where to stop: before or after the draw (ties included), early, or deep into the night; some nights end.
  const roll = rng.below(100);
  const steps = roll < 6 ? 0 : roll < 16 ? 1 : roll < 30 ? 2 + rng.below(8) : 10 + rng.below(300);
  const ends = rng.chance(0.25);
  for (let i = 0; i < steps; i++) {
    const night = table.night();
    const action = night && nextAction(night, bot, startingChips);
    if (!action) break;
    perform(table, action);
  }
  let label = `${count}p-${steps}steps${house ? '-house' : ''}`;
  let answers: TableState['answers'] = null;
  let tableScreen: AppView['tableScreen'] = { kind: 'live' };
  if (ends) {
    // R22: a night ends between turns.
    for (let guard = 0; table.night()?.phase !== 'ready' && guard < 50; guard++) {
      const night = table.night()!;
      perform(table, nextAction(night, bot, startingChips)!);
    }
    perform(table, { command: 'endNight', args: { stateId: table.night()!.stateId } });
    label += '-ended';
    const summary = table.summary();
    answers = {
      getStandings: standings([summary], players),
      listNights: listNights([summary]),
      getNight: nightDetail(summary, table.played),
    };
    const screen = rng.below(100);
    if (screen < 25) tableScreen = { kind: 'standings' };
    else if (screen < 45) tableScreen = { kind: 'night', nightId: summary.id };
    if (tableScreen.kind !== 'live') label += `-${tableScreen.kind}`;
  }

  let night = table.night();
  if (night && night.phase !== 'ended' && rng.chance(0.2)) {
    night = { ...night, announcements: longBanner(rng, players, settings.ante) };
    label += '-longbanner';
  }
  // Banker mode (M3) lists one transfer per party with a balance, each with the bank: the longest who-pays-whom.
  const settleMode = rng.chance(0.5) ? 'banker' : 'fewest';
  if (night?.settlement) night = { ...night, settlement: { ...night.settlement, mode: settleMode } };
  // Phones watching: a QR code in the top line during play, in full on request, or big in the lobby.
  // Their own stream, so the states above stay the ones every earlier run audited.
  const phonesRng = new SeededStream(seedBytes, 'audit/phones');
  let phones: PhonesView | undefined;
  if (phonesRng.chance(0.4)) {
    phones = { state: 'on', links: [PHONE_LINK], port: 47_809, connected: phonesRng.below(21), refusal: null };
    label += '-phones';
    const where = phonesRng.below(100);
    if (where < 10 && tableScreen.kind === 'live') {
      tableScreen = { kind: 'phones' };
      label += '-phonesscreen';
    } else if (where < 20 && tableScreen.kind === 'live') {
      night = null;
    }
  }
  const view: AppView = {
    night,
    roster: players,
    lastSetup: null,
    storageNotices: [],
    tableScreen,
    settleMode,
    // Every language the TV speaks: French and Spanish lines run longer than English ones. Muted: the audit is silent.
    preferences: { language: pick(rng, LANGUAGES), muted: true },
    ...(phones ? { phones } : {}),
  };
  return { label: `${index}-${label}-${night?.phase ?? 'lobby'}-${view.preferences.language}`, view, answers };
}

/**
 * The table of the report, for the README's picture: five players, one
 * of them "Bartholomew Featherstonehaugh-Smythe", the dealer's badge beside a
 * name, a bet to make after a few turns.
 */
export function showcaseState(): TableState {
  const names = ['Zoë', 'Bartholomew Featherstonehaugh-Smythe', 'Kwame', 'Ann', '山田太郎'];
  const players = names.map((name, i) => ({ id: `p${i + 1}`, name, colour: COLOURS[i]!, initials: initialsOf(name), archived: false }));
  const seed = Buffer.from('showcase', 'utf8');
  const table = new MemoryTable(new SeededStream(seed, 'audit/dealer'), players, tickingClock(), 'showcase');
  const bot = new Bot(new SeededStream(seed, 'audit/bots'));
  perform(table, {
    command: 'startNight',
    args: { players: names.map((name) => ({ name })), startingChips: 100, chipValue: 25, currency: 'EUR', settings: RULES_SHOWN },
  });
  for (let guard = 0; guard < 500; guard++) {
    const night = table.night()!;
    if (night.turnsPlayed >= 7 && night.phase === 'bet') break;
    perform(table, nextAction(night, bot, 100)!);
  }
  const view: AppView = {
    night: table.night(),
    roster: players,
    lastSetup: null,
    storageNotices: [],
    tableScreen: { kind: 'live' },
    settleMode: 'fewest',
    preferences: { language: 'en', muted: true },
  };
  return { label: 'showcase', view, answers: null };
}

const RULES_SHOWN: RuleSettings = DEFAULT_RULES;
