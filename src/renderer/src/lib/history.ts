import type { CardCode, FairnessReport, NightDetail, NightListItem, Standings, TableScreen } from '../../../shared';
import { minorToMajor } from '../../../shared/money';
import type { Translate } from '../i18n/describe';

/** One line of a chart: a player's values in the order of the chart's labels. */
export interface ChartSeries {
  id: string;
  label: string;
  colour: string;
  /** null where the player has no value: the line breaks there (a player who cashed out). */
  data: (number | null)[];
}

export function newestFirst(nights: readonly NightListItem[]): NightListItem[] {
  return [...nights].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** The currency to print next to all-time money: the one every night used, else none (sums of mixed currencies have none). */
export function commonCurrency(nights: readonly NightListItem[]): string {
  const currencies = new Set(nights.map((n) => n.currency.trim()));
  return currencies.size === 1 ? ([...currencies][0] ?? '') : '';
}

/** Each player's stack after every turn of a night (index 0: after the antes). */
export function stackChart(detail: NightDetail, colourOf: (id: string) => string): { labels: number[]; series: ChartSeries[] } {
  const labels = detail.stackSeries.map((point) => point.turn);
  const series = detail.players.map((p) => ({
    id: p.id,
    label: p.name,
    colour: colourOf(p.id),
    // Main leaves out a player who cashed out: their line ends there instead of falling to 0.
    data: detail.stackSeries.map((point) => point.stacks[p.id] ?? null),
  }));
  return { labels, series };
}

/**
 * Cumulative net money per player after each night, in major units of
 * `currency` for the axis (standings count minor units, M1). A player missing
 * from a point did not play that night, so their line stays where it was.
 */
export function cumulativeChart(
  standings: Standings,
  playerIds: readonly string[],
  nameOf: (id: string) => string,
  colourOf: (id: string) => string,
  currency = '',
): { labels: string[]; series: ChartSeries[] } {
  // Two nights on one day must stay apart on the axis: the day, then the time.
  const labels = standings.cumulative.map((point) => point.date.slice(0, 16).replace('T', ' '));
  const series = playerIds.map((id) => ({
    id,
    label: nameOf(id),
    colour: colourOf(id),
    data: carryForward(standings.cumulative.map((point) => point.net[id])).map((minor) => minorToMajor(minor, currency)),
  }));
  return { labels, series };
}

function carryForward(values: (number | undefined)[]): number[] {
  let last = 0;
  return values.map((v) => (last = v ?? last));
}

/** "37 decks, 412 cards: all verified", or the count of mismatches (each is listed apart). */
export function fairnessSummary(report: FairnessReport, t: Translate): string {
  const decks = t('history.decks', { n: report.decks }, report.decks);
  const cards = t('history.cardsCount', { n: report.cards }, report.cards);
  if (report.verified && report.mismatches.length === 0) return t('history.verified', { decks, cards });
  const n = report.mismatches.length;
  return t('history.mismatches', { decks, cards, n }, n);
}

/** "Every rule holds", or how many rules the night checker found broken (each is listed apart); '' when it was not run. */
export function rulesSummary(report: FairnessReport, t: Translate): string {
  if (!report.rules) return '';
  const n = report.rules.filter((f) => f.kind === 'violation').length;
  return n === 0 ? t('history.rulesHold') : t('history.rulesBroken', { n }, n);
}

/** Whether the TV already shows this screen. */
export function sameScreen(a: TableScreen, b: TableScreen): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'night' || (b.kind === 'night' && a.nightId === b.nightId);
}

const SUITS: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

/** "TS" -> "10♠": the card as printed on it. */
export function cardText(code: CardCode): string {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  return `${rank === 'T' ? '10' : rank}${SUITS[suit] ?? suit}`;
}
