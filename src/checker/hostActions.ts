import type { Findings } from './findings';
import type { CheckedEntry, CheckedExport, CheckedHostAction, CheckedSeating } from './schema';
import { ChipTable } from './table';

/**
 * The host's actions between turns (`hostActions`, version 4 of the export):
 * each placed among the turns (`turnsBefore`) and the ledger (`atLedger`,
 * its own `entries`), so what the host did between two turns, and in which
 * order, is read rather than guessed. Checked here against the ledger and
 * the seating history; what the walk of the night needs from them is
 * returned: the seating and the dealer when the night ended (R22), and the
 * seating each shared expense was last recorded in (M4). Who cut (R11) and
 * each correction's bet before (R21) are judged here.
 */
export interface HostActionFacts {
  /** The first entry of each end's split or carry (R22) to the seating in force and the dealer recorded then. */
  ends: Map<string, { seating: CheckedSeating; dealer: string | null }>;
  /** M4: each expense's seat order when it was last added or edited. */
  expenseOrder: Map<string, string[]>;
  /** R11: each cut as recorded. */
  cuts: Extract<CheckedHostAction, { kind: 'cut' }>[];
  /** R21: each correction as recorded. */
  corrections: Extract<CheckedHostAction, { kind: 'correction' }>[];
  /** The actions made after turn n (and before the next), by n. */
  between: Map<number, CheckedHostAction[]>;
}

type Seating = { order: string[]; sittingOut: string[] };

export function readHostActions(night: CheckedExport, seatingOf: (n: number) => CheckedSeating, f: Findings): HostActionFacts | null {
  const actions = night.hostActions;
  if (!actions) return null;
  const facts: HostActionFacts = { ends: new Map(), expenseOrder: new Map(), cuts: [], corrections: [], between: new Map() };
  const turnsStarted = night.turns.length === 0 ? 0 : Math.max(...night.turns.map((t) => t.n));
  let seating: Seating = seatingOf(0);
  let last: CheckedHostAction | null = null;
  // The chips as they stood when each action was made, for who could cut (R6, R11).
  const chips = new ChipTable(night.rules.ante);
  let folded = 0;
  const firstTurnOf = new Map<string, CheckedExport['turns'][number]>();
  for (const turn of night.turns) for (const c of turn.cards) if (!firstTurnOf.has(c.deck)) firstTurnOf.set(c.deck, turn);
  for (const action of actions) {
    for (; folded < action.atLedger && folded < night.ledger.length; folded++) chips.apply(night.ledger[folded] as CheckedEntry, null);
    if (action.kind === 'cut') checkCutter(action, firstTurnOf.get(action.deck), seating, chips, f);
    const where = action.turnsBefore + 1;
    // In the order made: never before an earlier action, in the turns or in the ledger.
    if (last && (action.turnsBefore < last.turnsBefore || action.atLedger < last.atLedger))
      f.violation(
        'R21',
        where,
        `host actions in the order made (after turn ${last.turnsBefore}, ledger ${last.atLedger})`,
        `${action.kind} after turn ${action.turnsBefore}, ledger ${action.atLedger}`,
      );
    if (action.turnsBefore > turnsStarted)
      f.violation('R21', null, `a host action after at most turn ${turnsStarted}`, `after turn ${action.turnsBefore}`);
    action.entries.forEach((id, i) => {
      const entry = night.ledger[action.atLedger + i];
      if (entry?.id !== id)
        f.violation(
          'R24',
          where,
          `${action.kind}'s entry ${id} at ledger seq ${action.atLedger + i}`,
          entry ? `entry ${entry.id}` : 'no entry',
        );
    });
    // The seating between turns is the seating history's: the last change before a turn is what that turn was played in.
    if (last && last.turnsBefore < action.turnsBefore) checkSeating(seating, seatingOf(last.turnsBefore + 1), last.turnsBefore + 1, f);
    if ('seating' in action && action.seating) seating = action.seating;
    if (action.kind === 'end') {
      const first = night.ledger[action.atLedger];
      if (first && action.entries[0] === first.id)
        facts.ends.set(first.id, { seating: { beforeTurn: where, ...seating }, dealer: action.dealer });
    }
    if (action.kind === 'expense' && action.change !== 'remove') facts.expenseOrder.set(action.expense, action.seating.order);
    if (action.kind === 'cut') facts.cuts.push(action);
    facts.between.set(action.turnsBefore, [...(facts.between.get(action.turnsBefore) ?? []), action]);
    if (action.kind === 'correction') facts.corrections.push(action);
    last = action;
  }
  if (last && night.turns.some((t) => t.n > last.turnsBefore))
    checkSeating(seating, seatingOf(last.turnsBefore + 1), last.turnsBefore + 1, f);
  checkCorrections(night, facts.corrections, f);
  return facts;
}

/** R11 with R6, R32: the cut made by the player on the dealer's right in the seating then, skipping who left, sits out or has no chips. */
function checkCutter(
  cut: Extract<CheckedHostAction, { kind: 'cut' }>,
  turn: CheckedExport['turns'][number] | undefined,
  seating: Seating,
  chips: ChipTable,
  f: Findings,
): void {
  if (!turn) return;
  const { order } = seating;
  const at = order.indexOf(turn.dealer);
  let cutter: string | null = null;
  for (let step = 1; step < order.length && at >= 0; step++) {
    const id = order[(at - step + order.length) % order.length] as string;
    if (!seating.sittingOut.includes(id) && !chips.left.has(id) && chips.stack(id) > 0) {
      cutter = id;
      break;
    }
  }
  if (cutter !== cut.by)
    f.violation(
      'R11',
      turn.n,
      `deck ${cut.deck} cut by ${cutter ?? 'nobody'}, on the right of dealer ${turn.dealer}`,
      `cut by ${cut.by ?? 'nobody'}`,
    );
}

/** R21: a corrected bet: each correction starts from the bet the one before left, the last gives the turn's bet, and the first moved back the chips of the bet first recorded. */
function checkCorrections(night: CheckedExport, corrections: Extract<CheckedHostAction, { kind: 'correction' }>[], f: Findings): void {
  const byTurn = new Map<number, typeof corrections>();
  for (const c of corrections) byTurn.set(c.turn, [...(byTurn.get(c.turn) ?? []), c]);
  for (const turn of night.turns) {
    const list = byTurn.get(turn.n) ?? [];
    if (turn.corrected !== list.length > 0)
      f.violation(
        'R21',
        turn.n,
        turn.corrected ? 'the correction of this turn among the host actions' : 'no correction of an uncorrected turn',
        `${list.length} correction(s)`,
      );
    if (list.length === 0) continue;
    list.forEach((c, i) => {
      const before = list[i - 1];
      if (before && before.bet !== c.betBefore)
        f.violation('R21', turn.n, `a correction from bet ${before.bet}`, `from bet ${c.betBefore}`);
    });
    const lastBet = list.at(-1)?.bet;
    if (!turn.void && lastBet !== turn.bet) f.violation('R21', turn.n, `bet ${lastBet} as last corrected`, `bet ${turn.bet}`);
    // The chips the first bet moved: the turn's first entry that is neither an ante nor a reversal.
    const first = night.ledger.find((e) => e.turn === turn.n && e.code !== 'ante' && e.code !== 'reversal');
    const firstBet = list[0]?.betBefore ?? 0;
    const moved = first?.code === 'post-loss' ? Math.min(firstBet * night.rules.postPays, turn.stackBefore) : firstBet;
    if (first && ['win', 'bet-lost', 'post-loss'].includes(first.code) && first.amount !== moved)
      f.violation('R21', turn.n, `the first bet ${firstBet} moving ${moved} chips (${first.code})`, `${first.amount} chips`);
  }
}

function checkSeating(actions: Seating, history: CheckedSeating, n: number, f: Findings): void {
  const same = actions.order.join() === history.order.join() && actions.sittingOut.join() === history.sittingOut.join();
  if (!same)
    f.violation(
      'R31',
      n,
      `the seating the host actions leave (${actions.order.join(', ')}; out: ${actions.sittingOut.join(', ') || 'none'})`,
      `seating ${history.order.join(', ')}; out: ${history.sittingOut.join(', ') || 'none'}`,
    );
}
