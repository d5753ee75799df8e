import canonicalize from 'canonicalize';
import { commitmentOf } from './cards';
import type { Findings } from './findings';
import { rulesSchema, type CheckedExport, type CheckedHostAction } from './schema';
import type { RecordLine } from './recordLine';
import { checkShownCards } from './shownCards';

/**
 * R35: the export's facts are the signed journal's (docs/night-checker.md "The record"). A signature proves the
 * journal; this proves the export says what the journal says, so a night edited in the export alone (or whose journal
 * was edited and re-chained, its signature then failing) does not pass. The rest of the checker judges the export by
 * the rules; here only what the journal holds in plain is compared, with no replay of the rules:
 *
 * - the start line: the night id, the start time, the chip value and currency, the rules, the players (and the
 *   newcomers seated later) with their names, and the carry-in;
 * - every buy-in in order (the starting chips of each player first), its player, its amount and how it was paid;
 *   every cash-out's player;
 * - every deck's seed commitment (and seed) in the order shuffled (R9); with `cards: table` every commitment's
 *   heads and every draw's reveals and missing witnesses (R34);
 * - every host action (`hostActions`: seat, move, sit-out, come-back, buy-in, cash-out, undo, correction, void, cut,
 *   expense, end, reopen) in order, with its player, cut, corrected bet or expense;
 * - every bet as first placed, every pass, ace call and pair call in the order of the turns;
 * - the end's time, how many times the night was reopened, and every expense as it stands at the end.
 */

type Command = RecordLine['command'];

export function checkRecordFacts(night: CheckedExport, lines: readonly RecordLine[], signer: (index: number) => string, f: Findings): void {
  /** A fact of line `index` that the export does not say: what the record says, what the export says. */
  const differ = (index: number, what: string, recordSays: unknown, exportSays: unknown): void => {
    const where = `line ${lines[index]?.line ?? '?'} of the record, signed by ${signer(index)}`;
    f.violation('R35', null, `${what} ${text(recordSays)} (${where})`, `the export's ${text(exportSays)}`);
  };
  const start = lines[0]?.command;
  if (start?.['type'] !== 'start') {
    differ(0, 'a start line', 'first', start?.['type']);
    return;
  }
  checkStart(night, lines, start, differ);
  checkMoney(night, lines, start, differ);
  checkDecks(night, lines, differ);
  checkShownCards(night, lines, differ);
  checkHostActions(night, lines, differ);
  checkDecisions(night, lines, differ);
  checkEnd(night, lines, differ);
  checkExpenses(night, lines, differ);
}

type Differ = (index: number, what: string, recordSays: unknown, exportSays: unknown) => void;

function checkStart(night: CheckedExport, lines: readonly RecordLine[], start: Command, differ: Differ): void {
  const same = (what: string, recordSays: unknown, exportSays: unknown) => {
    if (text(recordSays) !== text(exportSays)) differ(0, what, recordSays, exportSays);
  };
  same('night id', start['nightId'], night.night.id);
  same('start time', lines[0]?.at, night.night.startedAt);
  same('chip value', start['chipValue'], night.night.chipValue);
  same('currency', start['currency'], night.night.currency);
  const rules = rulesSchema.safeParse(start['settings']);
  same('rules', rules.success ? rules.data : start['settings'], night.rules);
  // Every player of the night is a start player or a newcomer seated (R31), by the name given there; a newcomer whose
  // seat was undone (R21) is no player of the night, and one seated again is the same player.
  const names = new Map<unknown, unknown>();
  for (const p of asList(start['players'])) names.set(p['id'], p['name']);
  lines.forEach(({ command }) => {
    if (command['type'] === 'seat') names.set(command['playerId'], command['name']);
  });
  for (const p of night.players) if (names.get(p.id) !== p.name) same(`player ${p.id}`, names.get(p.id) ?? 'none', p.name);
  const shown = new Set(night.players.map((p) => p.id));
  for (const p of asList(start['players'])) if (!shown.has(p['id'] as string)) same(`player ${String(p['id'])}`, p['name'], 'none');
}

/** Buy-ins (the starting chips first), cash-outs and the carry-in, as the ledger has them (reversals aside: R21 never edits an entry). */
function checkMoney(night: CheckedExport, lines: readonly RecordLine[], start: Command, differ: Differ): void {
  const payment = start['payment'] ?? 'credit';
  const buyIns: { index: number; what: string; player: unknown; amount: unknown; paid: unknown }[] = [];
  for (const p of asList(start['players']))
    buyIns.push({ index: 0, what: 'startingChips', player: p['id'], amount: start['startingChips'], paid: payment });
  const cashOuts: { index: number; player: unknown; paid: unknown }[] = [];
  lines.forEach(({ command }, index) => {
    const paid = command['paid'] ?? payment;
    if (command['type'] === 'seat')
      buyIns.push({ index, what: 'a newcomer’s buy-in', player: command['playerId'], amount: command['buyIn'], paid });
    if (command['type'] === 'buy-in')
      buyIns.push({ index, what: 'a buy-in', player: command['playerId'], amount: command['amount'], paid });
    if (command['type'] === 'cash-out') cashOuts.push({ index, player: command['playerId'], paid });
  });
  const entries = (code: string) => night.ledger.filter((e) => e.code === code);
  const ledgerBuyIns = entries('buy-in');
  buyIns.forEach((expected, k) => {
    const entry = ledgerBuyIns[k];
    const recordSays = { player: expected.player, amount: expected.amount, paid: expected.paid };
    const exportSays = entry ? { player: entry.player, amount: entry.amount, paid: entry.paid ?? expected.paid } : 'none';
    if (text(recordSays) !== text(exportSays)) differ(expected.index, expected.what, recordSays, exportSays);
  });
  if (ledgerBuyIns.length > buyIns.length) differ(lines.length - 1, 'buy-ins', buyIns.length, `${ledgerBuyIns.length} buy-in entries`);
  const ledgerCashOuts = entries('cash-out');
  cashOuts.forEach((expected, k) => {
    const entry = ledgerCashOuts[k];
    const recordSays = { player: expected.player, paid: expected.paid };
    const exportSays = entry ? { player: entry.player, paid: entry.paid ?? expected.paid } : 'none';
    if (text(recordSays) !== text(exportSays)) differ(expected.index, 'a cash-out', recordSays, exportSays);
  });
  if (ledgerCashOuts.length > cashOuts.length)
    differ(lines.length - 1, 'cash-outs', cashOuts.length, `${ledgerCashOuts.length} cash-out entries`);
  const carried = entries('carry-in').reduce((sum, e) => sum + e.amount, 0);
  if (text(start['carryIn'] ?? 0) !== text(carried)) differ(0, 'carry-in', start['carryIn'], carried);
}

/** R9: the seeds in the order the decks were shuffled; R34: the table's commitments and draws in order. */
function checkDecks(night: CheckedExport, lines: readonly RecordLine[], differ: Differ): void {
  const seeds = lines.flatMap((line, index) => line.seeds.map((seed) => ({ ...seed, index })));
  seeds.forEach((seed, k) => {
    const deck = night.decks[k];
    if (!deck) differ(seed.index, `deck ${k + 1}'s commitment`, seed.commitment, 'none');
    else if (deck.commitment !== seed.commitment) differ(seed.index, `deck ${deck.id}'s commitment`, seed.commitment, deck.commitment);
    else if (deck.seed !== null && seed.seed !== null && deck.seed !== seed.seed)
      differ(seed.index, `deck ${deck.id}'s seed`, seed.seed, deck.seed);
    // R35: a deck is lost only with a laptop taken over from, its seed sealed there: a record holding it reveals it.
    else if (deck.unrevealed !== undefined && seed.seed !== null)
      differ(seed.index, `deck ${deck.id}'s seed, revealed (not lost)`, seed.seed, 'lost, unrevealed');
  });
  // R12: a seed revealed on a later line (a hand-over's, a sealed deck's retirement) opens a commitment made before.
  const committed = new Map<string, { index: number; deck: string | undefined }>();
  seeds.forEach((seed, k) => committed.set(seed.commitment, { index: seed.index, deck: night.decks[k]?.id }));
  lines.forEach((line, index) => {
    for (const revealed of line.revealed ?? []) {
      const opens = typeof revealed === 'string' && /^[0-9a-f]{64}$/.test(revealed) ? committed.get(commitmentOf(revealed)) : undefined;
      const deck = night.decks.find((d) => d.id === opens?.deck);
      if (!opens || opens.index > index)
        differ(index, 'a seed revealed that opens a commitment made before it (R12)', revealed, 'none it opens');
      else if (deck?.seed != null && deck.seed !== revealed) differ(index, `deck ${deck.id}'s seed, as revealed`, revealed, deck.seed);
    }
  });
  const takeOvers = lines.filter((line, i) => line.command['type'] === 'take-over' && lines[i - 1]?.command['type'] !== 'hand-over').length;
  const lost = night.decks.filter((deck) => deck.unrevealed !== undefined);
  if (lost.length > takeOvers)
    differ(lines.length - 1, 'decks lost with their laptop (one at most per take-over)', takeOvers, lost.map((deck) => deck.id).join(', '));
  if (night.decks.length > seeds.length) differ(lines.length - 1, 'decks', seeds.length, `${night.decks.length} decks`);
  const steps = lines.flatMap((line, index) => (line.table ?? []).map((step) => ({ step: asObject(step), index })));
  const commitments = steps.filter(({ step }) => 'heads' in step);
  const draws = steps.filter(({ step }) => 'reveals' in step);
  const shoes = (night.table?.shoes ?? []).filter((shoe) => !shoe.renewed);
  const exportDraws = night.table?.draws ?? [];
  commitments.forEach(({ step, index }, k) => {
    const shoe = shoes[k];
    // The same witnesses and heads: the shoe lists them in its own order (the fingerprint's), the line in the order asked.
    const byId = (heads: { id: unknown; head: unknown }[]) => [...heads].sort((x, y) => String(x.id).localeCompare(String(y.id)));
    const heads = byId(asList(step['heads']).map((h) => ({ id: h['id'], head: h['head'] })));
    const exported = shoe ? byId(shoe.heads.map((h) => ({ id: h.id, head: h.head }))) : 'none';
    if (text(heads) !== text(exported)) differ(index, `commitment ${k + 1}'s heads (R34)`, heads, exported);
  });
  draws.forEach(({ step, index }, k) => {
    const draw = exportDraws[k];
    const recordSays = { reveals: step['reveals'], missing: step['missing'] };
    const exportSays = draw ? { reveals: draw.reveals, missing: draw.missing } : 'none';
    if (text(recordSays) !== text(exportSays)) differ(index, `draw ${k + 1} (R34)`, recordSays, exportSays);
  });
  if (shoes.length > commitments.length) differ(lines.length - 1, 'commitments (R34)', commitments.length, `${shoes.length} shoes`);
  if (exportDraws.length > draws.length) differ(lines.length - 1, 'draws (R34)', draws.length, `${exportDraws.length} draws`);
}

/** The host's actions as the journal's commands make them, in order, with what each names. */
function checkHostActions(night: CheckedExport, lines: readonly RecordLine[], differ: Differ): void {
  const actions = night.hostActions;
  if (!actions) return;
  const expected = lines.flatMap(({ command }, index) => {
    const action = actionOf(command);
    return action ? [{ action, index }] : [];
  });
  const found = actions.map(shownAction);
  for (let k = 0; k < Math.max(expected.length, found.length); k++) {
    const mine = expected[k];
    const theirs = found[k];
    // A bet corrected to the pot is recorded as `pot`: its amount is the pot's, which the journal does not spell out.
    const shown = mine?.action['bet'] === 'pot' && typeof theirs?.['bet'] === 'number' ? { ...theirs, bet: 'pot' } : theirs;
    if (text(mine?.action ?? 'none') === text(shown ?? 'none')) continue;
    differ(mine?.index ?? lines.length - 1, `host action ${k + 1}`, mine?.action ?? 'none', found[k] ?? 'none');
    return;
  }
}

/** What a journal command makes of a host action (docs/export-format.md `hostActions`), or null for play. */
function actionOf(command: Command): { [key: string]: unknown } | null {
  const type = command['type'];
  switch (type) {
    case 'seat':
    case 'move':
    case 'sit-out':
    case 'come-back':
    case 'buy-in':
    case 'cash-out':
      return { kind: type, player: command['playerId'] };
    case 'undo':
      return { kind: 'undo' };
    case 'correct-bet':
      return { kind: 'correction', bet: typeof command['amount'] === 'number' ? command['amount'] : 'pot' };
    case 'void-turn':
      return { kind: 'void' };
    case 'cut':
      return { kind: 'cut', cut: command['cut'] };
    case 'end':
    case 'reopen':
      return { kind: type };
    case 'expense-add':
    case 'expense-edit':
    case 'expense-remove':
      return { kind: 'expense', change: type.slice('expense-'.length), expense: command['id'] };
    default:
      return null;
  }
}

function shownAction(action: CheckedHostAction): { [key: string]: unknown } {
  switch (action.kind) {
    case 'seat':
    case 'move':
    case 'sit-out':
    case 'come-back':
    case 'buy-in':
    case 'cash-out':
      return { kind: action.kind, player: action.player };
    case 'correction':
      return { kind: 'correction', bet: action.bet };
    case 'cut':
      return { kind: 'cut', cut: action.cut };
    case 'expense':
      return { kind: 'expense', change: action.change, expense: action.expense };
    default:
      return { kind: action.kind };
  }
}

/**
 * The players' decisions in the order of the turns: each bet as first placed (before any correction, R21), passes
 * (R26), ace calls (R1) and pair calls (R29). A turn taken back by an undo leaves its decisions in the journal but not
 * in the turns, so with one the export's must only come in the journal's order.
 */
function checkDecisions(night: CheckedExport, lines: readonly RecordLine[], differ: Differ): void {
  const undoneTurn = (night.hostActions ?? []).some((a) => a.kind === 'undo' && a.undoes === 'turn');
  const firstBets = new Map<number, number>();
  for (const a of night.hostActions ?? []) if (a.kind === 'correction' && !firstBets.has(a.turn)) firstBets.set(a.turn, a.betBefore);
  const turns = [...night.turns].sort((a, b) => a.n - b.n);
  const exported = {
    bet: turns.flatMap((t) => (t.bet === null ? [] : [firstBets.get(t.n) ?? t.bet])),
    pass: turns.flatMap((t) => (t.outcome === 'pass' ? ['pass'] : [])),
    'ace-call': turns.flatMap((t) => (t.aceCalls ?? [t.aceCall]).filter((c) => c !== null)),
    'pair-call': turns.flatMap((t) => (t.call ? [t.call] : [])),
  };
  for (const type of ['bet', 'pass', 'ace-call', 'pair-call'] as const) {
    const journal = lines.flatMap(({ command }, index) =>
      command['type'] === type ? [{ value: type === 'bet' ? command['amount'] : type === 'pass' ? 'pass' : command['call'], index }] : [],
    );
    const found: readonly unknown[] = exported[type];
    const problem = undoneTurn ? notInOrder(journal, found) : notTheSame(journal, found);
    if (problem)
      differ(
        problem.index ?? lines.length - 1,
        `the ${PLURAL[type]}, from the ${ordinal(problem.at + 1)}`,
        problem.recordSays,
        problem.exportSays,
      );
  }
}

const PLURAL = { bet: 'bets', pass: 'passes', 'ace-call': 'ace calls', 'pair-call': 'pair calls' } as const;

type Decision = { value: unknown; index: number };
type Mismatch = { at: number; index: number | undefined; recordSays: unknown; exportSays: unknown };

/** A bet of the pot (`pot`) stands for whatever the pot was. */
const matches = (recordSays: unknown, exportSays: unknown) =>
  recordSays === exportSays || (recordSays === 'pot' && typeof exportSays === 'number');

function notTheSame(journal: readonly Decision[], found: readonly unknown[]): Mismatch | null {
  for (let k = 0; k < Math.max(journal.length, found.length); k++) {
    const mine = journal[k];
    if (mine && k < found.length && matches(mine.value, found[k])) continue;
    return {
      at: k,
      index: mine?.index ?? journal.at(-1)?.index,
      recordSays: journal.slice(k, k + 3).map((d) => d.value),
      exportSays: found.slice(k, k + 3),
    };
  }
  return null;
}

/** The export's decisions are the journal's in order, some of the journal's (taken back by an undo) left out. */
function notInOrder(journal: readonly Decision[], found: readonly unknown[]): Mismatch | null {
  let j = 0;
  for (let k = 0; k < found.length; k++) {
    while (j < journal.length && !matches(journal[j]?.value, found[k])) j++;
    if (j >= journal.length) return { at: k, index: journal.at(-1)?.index, recordSays: 'none left', exportSays: found.slice(k, k + 3) };
    j++;
  }
  return null;
}

/** R22, R33: the end's time (null while the night is open) and how many times it was reopened. */
function checkEnd(night: CheckedExport, lines: readonly RecordLine[], differ: Differ): void {
  let endedAt: string | null = null;
  let reopened = 0;
  let last = lines.length - 1;
  lines.forEach((line, index) => {
    if (line.command['type'] === 'end') [endedAt, last] = [line.at ?? null, index];
    if (line.command['type'] === 'reopen') [endedAt, reopened, last] = [null, reopened + 1, index];
  });
  if (endedAt !== night.night.endedAt) differ(last, 'the end', endedAt, night.night.endedAt);
  if (reopened !== night.night.reopened) differ(last, 'times reopened', reopened, night.night.reopened);
}

/** M4: every expense as the journal leaves it (added, edited, removed), by id. */
function checkExpenses(night: CheckedExport, lines: readonly RecordLine[], differ: Differ): void {
  const expenses = new Map<unknown, { index: number; expense: unknown }>();
  lines.forEach(({ command }, index) => {
    const { type, id, payer, amount, description, sharers, shares } = command;
    if (type === 'expense-add' || type === 'expense-edit')
      expenses.set(id, { index, expense: { id, payer, amount, description, sharers, shares } });
    if (type === 'expense-remove') expenses.delete(id);
  });
  const byId = (list: readonly { id: unknown }[]) => [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));
  const recordSays = byId([...expenses.values()].map((e) => e.expense as { id: unknown }));
  const exportSays = byId(night.expenses);
  if (text(recordSays) !== text(exportSays))
    differ(Math.max(0, ...[...expenses.values()].map((e) => e.index)), 'the expenses', recordSays, exportSays);
}

/** A fact as text, objects in RFC 8785 order so that the order of keys never makes two facts differ. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return canonicalize(value) ?? String(value);
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

function asObject(value: unknown): { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { [key: string]: unknown }) : {};
}

function asList(value: unknown): { [key: string]: unknown }[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}
