import { computed, type ComputedRef, type Ref } from 'vue';
import type { NightView, Transfer } from '../../../shared';
import { formatMoney, formatSignedMoney } from '../lib/money';
import { nameEms, WHOLE_NAME_PLAYERS } from '../lib/nameWidth';

/*
 * How the TV's end of the night is sized. The results and who pays whom share the height under the
 * "Night over" heading: each panel is counted in lines of its own type, and the type is that height
 * divided by the larger panel's lines, so twelve players and eleven transfers fit at 1280x720 as at
 * 4K. The sizes are in units (--u: 1% of a 16:9 screen's height) and in ems of the panels' type.
 * TvEnded.vue's CSS reads ROOM_UNITS, MOST_TYPE_UNITS and the panels' widths in ems from the
 * custom properties endedStyle gives it, so the estimate and the CSS never disagree.
 */

/** The height under the heading the panels share, in units: the safe area's 90 less the heading, the awards' line and the gaps. */
const ROOM_UNITS = 74;
/** The panels' largest type, in units: few players read from across the room at this size (46 px at 1080p). */
const MOST_TYPE_UNITS = 4.6;
/** The least type the panels are given, in units: the height's lines are shared down to it, never under (the TV's 24 px at 1080p). */
const LEAST_TYPE_UNITS = 2.4;

/** The results' panel without its rows: its padding, the winners' heading on one line and the table's heading, in lines. */
const RESULTS_PANEL_LINES = 7;
/** One result row: a line of type with the row's padding and its border. */
const RESULT_ROW_LINES = 2.15;
/** Who pays whom without its rows: its padding and its heading, in lines. */
const SETTLE_PANEL_LINES = 4.6;
/** One transfer row: a line of type and the gap under it. */
const TRANSFER_ROW_LINES = 1.7;
/** Each line past the first of a wide name (it wraps rather than be cut, see keepWhole). */
const SECOND_NAME_LINE = 1.2;
/** An expense, the "EUR only" note or a luck line under settling up: a line of 0.8 times a transfer's type, with its margin. */
const SMALL_LINE = 1.3;

/** The winners' heading: 1.25 times the results' type (TvEnded.vue's .big-results .winner) ... */
const WINNER_HEADING_EMS = 1.25;
/** ... at a line height of 1.15, so each line it wraps onto costs this many lines of the results' type. */
const WINNER_LINE_HEIGHT = 1.15;

/** The safe area's width on a 16:9 screen, in units (wider screens only give the panels more room). */
const SAFE_WIDTH_UNITS = 160;
/** The gap between the two panels, in units (TvEnded.vue's .ended-body gap). */
const PANELS_GAP_UNITS = 3;
/** Alone, the results' panel is at most this wide, in units: wider, a row's name and figures drift too far apart to follow. */
const RESULTS_ALONE_UNITS = 150;
/*
 * How many ems across each panel needs is counted from what it shows tonight (its names and figures),
 * not from the widest night there could be: the panels share the width in that proportion, and the type
 * is as large as the width and the height both allow (a night of short names and small sums reads larger).
 */
/** The results' panel's padding, left and right, in ems: the room a heading's line has is the panel's width less this. */
const RESULTS_PADDING_EMS = 2.4;
/** A figure's width per character, in ems (DejaVu Sans' digits are 0.64 em, "EUR" about as much; rounded up). */
const FIGURE_EMS = 0.7;
/** A figures' column is at least as wide as its heading ("Final chips" on two lines of 0.75 em type). */
const FIGURE_HEADING_EMS = 3;
/** A table cell's padding, left and right (ResultsTable's 0.45 em each side). */
const CELL_PADDING_EMS = 0.9;
/** Before a result's name: the winner's star and the colour disc, with their gaps. */
const NAME_MARKS_EMS = 2.6;
/** A result's name column is at least ResultsTable's .name (12.5ch). */
const RESULT_NAME_LEAST_EMS = 8.2;
/** The luck column ("-0.6 unkind"), shown only when the results have the screen's width. */
const LUCK_COLUMN_EMS = 8;
/** Settling up's padding and the gaps between its four columns, in ems. */
const SETTLE_FRAME_EMS = 2.4 + 1.5;
/** A bold name is estimated (nameEms) in ems of its own type; the panels err wider by this much. */
const ROOM_TO_SPARE = 1.05;

/** How wide (in ems) a name may be before it takes a second line in the results and in who pays whom. */
const WIDE_RESULT_NAME_EMS = 9;
const WIDE_TRANSFER_NAME_EMS = 6.5;
/** A name's longest word widens its column up to this many times the width it wraps past. */
const WIDEST_WORD_FACTOR = 1.3;
/** The most lines a name takes in the results and in who pays whom (TvEnded's CSS clamps it there). */
const NAME_LINES = 3;

/** A name's words as it may wrap: after a space or a hyphen ("Fitzgerald-Ōkawa" wraps as "Fitzgerald-", "Ōkawa"). */
function wordsOf(name: string): string[] {
  return name
    .split(/(?<=[\s-])/u)
    .map((word) => word.trim())
    .filter((word) => word !== '');
}
/** The share of the height left over that the rows are spread over, and the most a row is given, in ems. */
const SPARE_USED = 0.6;
const ROW_ROOM_MOST = 0.9;
/** The most expenses the TV lists one by one; any more are counted in a last line. */
const TV_EXPENSES = 4;

type Translate = (key: string, named?: Record<string, unknown>, plural?: number) => string;

interface EndedInputs {
  night: Ref<NightView | null>;
  transfers: Ref<readonly Transfer[]>;
  /** A bank-codes note takes a line: a night not in EUR whose payees have bank accounts. */
  notEur: Ref<boolean>;
  /** A player's name as the TV writes it (whole). */
  tvNameOf: (id: string | null | undefined) => string;
  /** A transfer's party (a player or the bank) as the TV writes it. */
  tvParty: (id: string) => string;
  t: Translate;
}

interface EndedSizing {
  /** The lines the end screen's panels take, the winners' heading's extra lines included: the CSS divides the room by it. */
  lines: ComputedRef<number>;
  /** The winners' heading as the TV writes it (or that nobody won), with the lines it wraps onto; null before any result. */
  winnerHeading: ComputedRef<{ text: string; lines: number } | null>;
  /** M4: the shared expenses under who pays whom, one a line, so the table sees why the transfers differ from the results. */
  expensesLines: ComputedRef<string[]>;
  /** Whether a transfer's party keeps their whole name on a second line rather than an ellipsis. */
  keepWhole: (party: string) => boolean;
  /** The constants the CSS sizes the panels with, as custom properties. */
  style: ComputedRef<Record<string, string>>;
}

export function useEndedSizing({ night, transfers, notEur, tvNameOf, tvParty, t }: EndedInputs): EndedSizing {
  /**
   * A short name with up to 8 players, and the bank always, take a second line rather than an
   * ellipsis; with more players the rows keep one line each so every row keeps its type.
   */
  const isShort = () => (night.value?.players.length ?? 0) <= WHOLE_NAME_PLAYERS;
  const keepWhole = (party: string) => party === 'bank' || isShort();
  const settling = () => transfers.value.length > 0;

  /**
   * A name column's width in ems for the widest name in it: that name on one line if it is no wider than
   * `wide`; past that (up to 8 players) on two lines, about half of it; with more players one line of `wide`,
   * the rest under an ellipsis.
   */
  const nameColumn = (names: string[], wide: number, least: number): number => {
    const widest = Math.max(0, ...names.map(nameEms));
    if (widest <= wide || !isShort()) return Math.max(least, Math.min(widest, wide));
    // Up to 8 players a longer name wraps between its words (at spaces and hyphens): its longest word sets the
    // room, up to WIDEST_WORD_FACTOR times `wide` (a longer word breaks inside).
    return Math.max(least, wide, Math.min(wide * WIDEST_WORD_FACTOR, Math.max(...names.flatMap(wordsOf).map(nameEms))));
  };
  const resultsNameColumn = computed(() =>
    nameColumn(
      (night.value?.results ?? []).map((r) => tvNameOf(r.playerId)),
      WIDE_RESULT_NAME_EMS,
      RESULT_NAME_LEAST_EMS,
    ),
  );
  const payerColumn = computed(() =>
    nameColumn(
      transfers.value.map((tr) => tvParty(tr.from)),
      WIDE_TRANSFER_NAME_EMS,
      0,
    ),
  );
  const payeeColumn = computed(() =>
    nameColumn(
      transfers.value.map((tr) => tvParty(tr.to)),
      WIDE_TRANSFER_NAME_EMS,
      0,
    ),
  );
  /** The lines past the first a name takes in a column of `column` ems (its words laid in lines, at most NAME_LINES). */
  const moreLines = (name: string, column: number): number => {
    if (!isShort() || nameEms(name) <= column) return 0;
    let lines = 1;
    let line = 0;
    for (const word of wordsOf(name).map(nameEms)) {
      if (line > 0 && line + word > column) {
        lines++;
        line = 0;
      }
      // A word wider than the column breaks inside it, onto as many lines as it fills.
      lines += Math.max(0, Math.ceil(word / column) - 1);
      line = word > column ? word % column : line + word;
    }
    return Math.min(NAME_LINES, lines) - 1;
  };

  /** The results' width in ems: padding, the marks, the name column and each figures' column as wide as its widest figure. */
  const resultsEms = computed(() => {
    const results = night.value?.results ?? [];
    const currency = night.value?.currency ?? '';
    const column = (figures: string[]) =>
      Math.max(FIGURE_HEADING_EMS, ...figures.map((f) => [...f].length * FIGURE_EMS)) + CELL_PADDING_EMS;
    const figures =
      column(results.map((r) => String(r.finalChips))) +
      column(results.map((r) => `${r.netChips > 0 ? '+' : ''}${r.netChips}`)) +
      column(results.map((r) => formatSignedMoney(r.netMoney, currency)));
    return (RESULTS_PADDING_EMS + CELL_PADDING_EMS + NAME_MARKS_EMS + resultsNameColumn.value + figures) * ROOM_TO_SPARE;
  });
  /** Who pays whom's width in ems: its frame, the two name columns, "pays" and the widest amount (bold). */
  const transferEms = computed(() => {
    const currency = night.value?.currency ?? '';
    const amount = Math.max(0, ...transfers.value.map((tr) => nameEms(formatMoney(tr.amount, currency))));
    return (SETTLE_FRAME_EMS + payerColumn.value + nameEms(t('settle.pays')) + payeeColumn.value + amount) * ROOM_TO_SPARE;
  });
  const resultsAloneEms = () => resultsEms.value + (night.value?.luck ? LUCK_COLUMN_EMS : 0);

  const expensesLines = computed(() => {
    const expenses = night.value?.expenses ?? [];
    const currency = night.value?.currency ?? '';
    const lines = expenses.slice(0, TV_EXPENSES).map((e) =>
      t('expenses.tvItem', {
        what: e.description || t('expenses.untitled'),
        amount: formatMoney(e.amount, currency),
        name: tvNameOf(e.payer),
      }),
    );
    if (expenses.length > TV_EXPENSES)
      lines.push(t('expenses.tvMore', { n: expenses.length - TV_EXPENSES }, expenses.length - TV_EXPENSES));
    return lines;
  });

  /** The results' panel's lines with the winners' heading on one line. */
  const resultsLines = computed(
    () =>
      RESULTS_PANEL_LINES +
      (night.value?.results ?? []).reduce(
        (sum, r) => sum + RESULT_ROW_LINES + moreLines(tvNameOf(r.playerId), resultsNameColumn.value) * SECOND_NAME_LINE,
        0,
      ),
  );
  /** Settling up's lines: its transfers, the expenses, the EUR-only note and whom luck favoured. */
  const settleLines = computed(() => {
    const transferLines = transfers.value.reduce(
      (sum, tr) =>
        sum +
        TRANSFER_ROW_LINES +
        Math.max(moreLines(tvParty(tr.from), payerColumn.value), moreLines(tvParty(tr.to), payeeColumn.value)) * SECOND_NAME_LINE,
      0,
    );
    // M4: the expenses' heading and lines.
    const expenseLines = expensesLines.value.length > 0 ? (expensesLines.value.length + 1) * SMALL_LINE : 0;
    // A night not in EUR whose payees have bank accounts: one line saying why there are no bank codes.
    const eurOnlyLine = notEur.value ? SMALL_LINE : 0;
    // Under settling up, a line each for whom the cards were kindest and unkindest to (TvLuck).
    const luckLines =
      (['kind', 'unkind'] as const).filter((verdict) => night.value?.luck?.some((l) => l.verdict === verdict)).length * SMALL_LINE;
    return SETTLE_PANEL_LINES + transferLines + expenseLines + eurOnlyLine + luckLines;
  });
  /** The panels' lines with the winners' heading on one line: the larger of the results and who pays whom. */
  const linesWithoutHeading = computed(() => Math.max(resultsLines.value, settling() ? settleLines.value : 0));

  /** How wide the results' panel is, in units, on a 16:9 screen: shared with settling up, or alone. */
  const resultsPanelUnits = () =>
    settling()
      ? ((SAFE_WIDTH_UNITS - PANELS_GAP_UNITS) * resultsEms.value) / (resultsEms.value + transferEms.value)
      : Math.min(RESULTS_ALONE_UNITS, SAFE_WIDTH_UNITS);

  /**
   * The winners' heading on the TV: each winner's whole name, never broken mid-name. It wraps onto
   * the lines the results leave above the least type (none with 12 players); tied winners past what fits
   * are counted instead ("and 3 more ★": the star marks their rows). Its room per line is the panel's
   * width at the type the panels would have without it (a wrapped heading only makes the type smaller and
   * the room wider), less the panel's padding; nameEms errs towards wider, so towards more lines.
   */
  const winnerHeading = computed<{ text: string; lines: number } | null>(() => {
    const results = night.value?.results ?? [];
    if (results.length === 0) return null;
    const panel = resultsPanelUnits();
    const type = Math.min(
      MOST_TYPE_UNITS,
      ROOM_UNITS / linesWithoutHeading.value,
      panel / (settling() ? resultsEms.value : resultsAloneEms()),
    );
    const lineEms = (panel / type - RESULTS_PADDING_EMS) / WINNER_HEADING_EMS;
    const linesOf = (text: string) => Math.ceil(nameEms(text) / lineEms);
    // A name is never split over two lines (a line breaks only after a comma): its spaces do not break,
    // unless the name alone is wider than a line.
    const names = results
      .filter((r) => r.isWinner)
      .map((r) => tvNameOf(r.playerId))
      .map((name) => (nameEms(name) <= lineEms ? name.replaceAll(' ', '\u00a0') : name));
    const headingLine = WINNER_HEADING_EMS * WINNER_LINE_HEIGHT;
    const most = 1 + Math.max(0, Math.floor((ROOM_UNITS / LEAST_TYPE_UNITS - linesWithoutHeading.value) / headingLine));
    // A lone name too long for the lines there are ends in an ellipsis (TvEnded's CSS clamps the heading to them).
    const heading = (text: string) => ({ text, lines: Math.min(most, linesOf(text)) });
    // R23: everyone even, so nobody is ahead: the heading says so in place of a winner.
    if (names.length === 0) return heading(t('results.nobody'));
    if (names.length === 1) return heading(t('results.winner', { name: names[0] }));
    for (let shown = names.length; ; shown--) {
      const rest = names.length - shown;
      const list = names.slice(0, shown).join(', ');
      const text = rest === 0 ? t('results.winners', { names: list }) : t('results.winnersMore', { names: list, n: rest }, rest);
      if (shown === 1 || linesOf(text) <= most) return heading(text);
    }
  });

  /** The heading's lines past the first come on top of the panels' lines. */
  const lines = computed(
    () => linesWithoutHeading.value + ((winnerHeading.value?.lines ?? 1) - 1) * WINNER_HEADING_EMS * WINNER_LINE_HEIGHT,
  );

  /** The panels' type in units, as TvEnded's CSS works it out from the same numbers (before any measured fit). */
  const typeUnits = computed(() =>
    Math.min(
      Math.max(LEAST_TYPE_UNITS, Math.min(MOST_TYPE_UNITS, ROOM_UNITS / lines.value)),
      settling()
        ? (SAFE_WIDTH_UNITS - PANELS_GAP_UNITS) / (resultsEms.value + transferEms.value)
        : Math.min(RESULTS_ALONE_UNITS, SAFE_WIDTH_UNITS) / resultsAloneEms(),
    ),
  );
  /**
   * Where the width, not the height, sets the type, the height left over is shared between a panel's rows
   * (most of it, at most ROW_ROOM_MOST ems a row): the panels fill the screen rather than leave its bottom empty.
   */
  const rowRoom = (panelLines: number, rows: number): string => {
    const spare = Math.max(0, ROOM_UNITS / typeUnits.value - panelLines) * SPARE_USED;
    return `${rows > 0 ? Math.min(ROW_ROOM_MOST, spare / rows).toFixed(2) : 0}em`;
  };
  const headingExtra = () => ((winnerHeading.value?.lines ?? 1) - 1) * WINNER_HEADING_EMS * WINNER_LINE_HEIGHT;

  const style = computed(() => ({
    '--row-room': rowRoom(resultsLines.value + headingExtra(), night.value?.results?.length ?? 0),
    '--transfer-room': rowRoom(settleLines.value, transfers.value.length),
    '--lines': String(lines.value),
    '--room': String(ROOM_UNITS),
    '--most-type': String(MOST_TYPE_UNITS),
    '--least-type': String(LEAST_TYPE_UNITS),
    '--results-alone': String(RESULTS_ALONE_UNITS),
    '--results-fr': `${resultsEms.value.toFixed(2)}fr`,
    '--settle-fr': `${transferEms.value.toFixed(2)}fr`,
    '--results-ems': resultsEms.value.toFixed(2),
    '--results-luck-ems': resultsAloneEms().toFixed(2),
    '--transfer-ems': transferEms.value.toFixed(2),
    '--heading-ems': String(WINNER_HEADING_EMS),
    '--heading-lines': String(winnerHeading.value?.lines ?? 1),
  }));

  return { lines, winnerHeading, expensesLines, keepWhole, style };
}
