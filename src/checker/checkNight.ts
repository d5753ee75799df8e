import { checkDeckList, checkDraw, DeckWalker } from './decks';
import { Findings, type Finding } from './findings';
import { checkExpenses, checkFinal, checkSettlement } from './money';
import { readHostActions } from './hostActions';
import { cardsAtMoves, checkJournal, epochsSigned } from './record';
import { checkRecordFacts } from './recordFacts';
import { walkNight } from './replay';
import { checkedExportSchema, type CheckedExport } from './schema';
import { seatingHistory } from './seating';
import { checkTableDraws } from './tableDraw';

export type { Finding } from './findings';

/**
 * Re-judges an exported night (`in-between-night/2` to `/5`, docs/export-format.md)
 * from the rules of docs/rules.md alone, without the app's engine, and, from `/5`
 * on, checks its signed record (R35, record.ts) and that its facts are the record's: every
 * finding names its rule, the turn and what was expected versus found. An
 * unreadable file is one finding of rule `format`.
 */
export function checkNight(json: unknown): Finding[] {
  const parsed = checkedExportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return [
      {
        rule: 'format',
        kind: 'violation',
        turn: null,
        expected: 'an in-between-night/2, /3, /4 or /5 export',
        found: `${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not an export'}`,
      },
    ];
  }
  const f = new Findings();
  // R34: with cards drawn by the table, its shoes stand where the decks would, each checked draw by draw first.
  const table = parsed.data.rules.cards === 'table' ? checkTableDraws(parsed.data, f) : null;
  const night = table ? table.night : parsed.data;
  const history = seatingHistory(night, f);
  const seatingOf = history.at;
  const decks = table ? table.decks : checkDeckList(night, f);
  const drawers = seatingOf(0).order.filter((id) => !seatingOf(0).sittingOut.includes(id));
  const winner = night.turns.length > 0 || night.draw.length > 0 ? checkDraw(night, decks, drawers, f) : null;
  const hostActions = readHostActions(night, seatingOf, f);
  const version = Number(parsed.data.format.slice('in-between-night/'.length));
  if (version >= 4 && !hostActions) f.violation('format', null, `an ${parsed.data.format} export lists its host actions`, 'no hostActions');
  if (version >= 5 && parsed.data.record === undefined)
    f.violation('format', null, `an ${parsed.data.format} export has its record (null when unsigned)`, 'no record');
  if (!hostActions && hostActedBetweenTurns(night))
    f.cannotCheck(
      'R21',
      null,
      'an export before version 4 does not say when, between two turns, the host acted (buy-ins, cash-outs, seat changes, expenses), who cut, nor the first amount of a corrected bet: the moves are placed where they agree with the turns around them',
    );
  walkNight(night, history, winner, new DeckWalker(night, decks, f, cardsAtMoves(parsed.data.record)), f, hostActions);
  const reopens = night.ledger.filter(
    (e) => e.code === 'reversal' && night.ledger.some((o) => o.id === e.reverses && (o.code === 'pot-split' || o.code === 'carry-out')),
  ).length;
  const ends = night.ledger.filter((e) => e.code === 'pot-split' || e.code === 'carry-out').length;
  if (night.night.reopened > 0 && reopens === 0 && ends > 0)
    f.violation('R33', null, `the end reversed ${night.night.reopened} time(s)`, 'no reversal of the end');
  checkFinal(night, f);
  // M4: every player keeps the place they last had: the seat order of `players` at the end.
  const order = [...night.players].sort((a, b) => a.seat - b.seat).map((p) => p.id);
  const money = checkExpenses(
    night,
    order,
    f,
    (night.seating ?? []).map((entry) => entry.order),
    hostActions?.expenseOrder,
  );
  checkSettlement(night, money, f);
  // R35: the signed record, and the export's facts against it (a record absent before /5 is judged as one unsigned).
  checkRecord(parsed.data, f);
  return f.list;
}

export { formatFinding } from './findings';

/**
 * R35: for a night that moved between laptops, which laptop wrote which lines of its record and where its signature
 * covers them, one line of words per epoch (record.ts `epochsSigned`); none for a night that never moved, or an export
 * without a record or that does not read.
 */
export function recordWriters(json: unknown): string[] {
  const parsed = checkedExportSchema.safeParse(json);
  const record = parsed.success ? parsed.data.record : null;
  return parsed.success && record ? epochsSigned(record, parsed.data.night.id) : [];
}

/** R35: the signed record (record.ts), then the export's facts against it (recordFacts.ts); an export without one is unsigned. */
function checkRecord(night: CheckedExport, f: Findings): void {
  const record = night.record;
  if (!record) {
    f.cannotCheck(
      'R35',
      null,
      'unsigned: from before signing (the export holds no signed record of the night, so which laptop wrote it and that nothing was changed since cannot be checked)',
    );
    return;
  }
  const read = checkJournal(record, night.night.id, f);
  if (read) checkRecordFacts(night, read.lines, read.signer, f);
}

/** Whether the host did anything between turns whose moment an export before version 4 leaves open. */
function hostActedBetweenTurns(night: CheckedExport): boolean {
  const firstTurn = night.ledger.findIndex((e) => e.turn !== null);
  const later = firstTurn < 0 ? [] : night.ledger.slice(firstTurn);
  return (
    later.some((e) => e.code === 'buy-in' || e.code === 'cash-out') ||
    (night.seating?.length ?? 1) > 1 ||
    night.expenses.length > 0 ||
    night.turns.some((t) => t.corrected) ||
    night.decks.some((d) => d.cut !== null)
  );
}
