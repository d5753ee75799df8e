import type { Findings } from './findings';
import { isActive } from './rotation';
import type { CheckedEntry, CheckedExport, CheckedSeating } from './schema';
import type { ChipTable } from './table';

/**
 * What the host did between two turns, as the ledger and the seating show
 * it (R4, R21, R28, R31, R33): newcomers bought in and anted, seats moved
 * only while no deal was under way, the opening ante and every deal's ante
 * made by the players who owed them, and the night reopened.
 */
export interface BetweenTurns {
  /** R33: the end of the night was reversed in this stretch. */
  reopened: boolean;
  /** R27: who anted when the pot was made here, or null when it was not. */
  madePot: string[] | null;
  /** The seating disagrees with the ledger here (a newcomer with no buy-in, a player gone). */
  seatingBroken: boolean;
}

export function checkBetweenTurns(
  night: CheckedExport,
  block: CheckedEntry[],
  before: CheckedSeating,
  seating: CheckedSeating,
  n: number | null,
  /** This turn starts a deal (its deal number is not the last turn's). */
  startsDeal: boolean,
  /** This stretch holds the night's opening antes (R4): before its first turn, or the whole night when no turn was played. */
  opensNight: boolean,
  table: ChipTable,
  fromDeal: Map<string, number>,
  trusted: boolean,
  f: Findings,
): BetweenTurns {
  let seatingBroken = false;
  const reversedHere = new Set(block.filter((e) => e.code === 'reversal').map((e) => e.reverses));
  // An entry reversed anywhere in the ledger does not stand: undoing a seating reverses its buy-in and ante (R21).
  const everReversed = reversedIn(night);
  const standing = block.filter((e) => e.code !== 'reversal' && !reversedHere.has(e.id) && !everReversed.has(e.id));
  const reopened = block.some(
    (e) => e.code === 'reversal' && ['pot-split', 'carry-out'].includes(table.entries.get(e.reverses ?? '')?.code ?? ''),
  );

  // R31: every newcomer bought in and anted; nobody leaves the seating but a seating undone (R21).
  const newcomers = seating.order.filter((id) => !before.order.includes(id));
  const newcomerAntes = new Set<CheckedEntry>();
  for (const id of newcomers) {
    if (!standing.some((e) => e.code === 'buy-in' && e.player === id)) {
      f.violation('R31', n, `${id}, seated, buys in`, 'no buy-in standing for them');
      seatingBroken = true;
    }
    const ante = standing.find((e) => e.code === 'ante' && e.player === id);
    if (ante) newcomerAntes.add(ante);
    else if (!seatingBroken) f.violation('R31', n, `${id}, seated, puts the ante in the pot at once`, 'no ante');
  }
  for (const id of before.order.filter((p) => !seating.order.includes(p))) {
    f.violation('R31', n, `${id} stays in the seating (players leave it only by an undone seating, R21)`, 'gone from the seating');
    seatingBroken = true;
  }
  const common = seating.order.filter((id) => before.order.includes(id));
  const dealUnderWay = n !== null && !opensNight && !startsDeal;
  if (trusted && common.join() !== before.order.filter((id) => seating.order.includes(id)).join() && dealUnderWay) {
    f.violation('R31', n, 'seats moved only while no deal is under way', `order ${common.join(', ')} mid-deal`);
  }

  // R4 (opening), R28 (every deal): the antes that make the pot.
  const antes = standing.filter((e) => e.code === 'ante' && !newcomerAntes.has(e));
  const anted = antes.map((e) => e.player ?? '');
  let owed: string[] = [];
  let rule = 'R4';
  if (opensNight)
    owed = seating.order.filter((id) => !newcomers.includes(id) && (isActive({ seating, table, fromDeal }, id) || anted.includes(id)));
  else if (n !== null && night.rules.anteWhen === 'every-deal' && startsDeal) {
    rule = 'R28';
    owed = seating.order.filter((id) => isActive({ seating, table, fromDeal }, id) || anted.includes(id));
  }
  // Who bought in after the antes had none to put in; who sat out or came back in this stretch may have done so either side of them.
  const firstAnte = antes[0]?.seq ?? Infinity;
  const boughtAfter = new Set(standing.filter((e) => e.code === 'buy-in' && e.seq > firstAnte && e.player).map((e) => e.player as string));
  const changedSides = new Set(
    [...seating.sittingOut, ...before.sittingOut].filter((id) => seating.sittingOut.includes(id) !== before.sittingOut.includes(id)),
  );
  const certain = (ids: string[]) => ids.filter((id) => !changedSides.has(id) && !(boughtAfter.has(id) && !anted.includes(id)));
  owed = certain(owed);
  const sorted = (ids: string[]) => [...certain(ids)].sort().join(', ');
  if (trusted && !seatingBroken && sorted(owed) !== sorted(anted))
    f.violation(rule, n, owed.length ? `antes by ${sorted(owed)}` : 'no ante', anted.length ? `antes by ${sorted(anted)}` : 'no ante');
  return { reopened, madePot: anted.length > 0 ? anted : null, seatingBroken };
}

/** R22: the pot at the end split among the players holding chips, the remainder from the dealer's left; or carried. */
export function checkEnd(
  night: CheckedExport,
  ledger: readonly CheckedEntry[],
  at: number,
  table: ChipTable,
  seating: CheckedSeating,
  dealer: string | null,
  f: Findings,
): void {
  const first = ledger[at] as CheckedEntry;
  const run: CheckedEntry[] = [];
  for (let i = at; i < ledger.length && ledger[i]?.code === first.code; i++) run.push(ledger[i] as CheckedEntry);
  const pot = table.pot;
  const total = run.reduce((sum, e) => sum + e.amount, 0);
  if (night.rules.potAtEnd === 'carry' || first.code === 'carry-out') {
    f.same(
      'R22',
      null,
      'the end of the night:',
      night.rules.potAtEnd === 'carry' ? `carry-out ${pot}` : `a split of ${pot}`,
      `${first.code} ${total}`,
    );
    return;
  }
  const start = dealer === null ? -1 : seating.order.indexOf(dealer);
  const fromLeft = seating.order.map((_, i) => seating.order[(start + 1 + i) % seating.order.length] as string);
  const holders = fromLeft.filter((id) => !table.left.has(id) && table.stack(id) > 0);
  if (holders.length === 0) return;
  const share = Math.floor(pot / holders.length);
  const remainder = pot % holders.length;
  const expected = holders.map((id, i) => `${id}:${share + (i < remainder ? 1 : 0)}`).filter((x) => !x.endsWith(':0'));
  const found = run.map((e) => `${e.player}:${e.amount}`);
  const key = (xs: string[]) => [...xs].sort().join(', ');
  if (key(expected) !== key(found)) f.violation('R22', null, `split ${key(expected)}`, `split ${key(found)}`);
}

const reversedOf = new WeakMap<CheckedExport, Set<string>>();

function reversedIn(night: CheckedExport): Set<string> {
  let reversed = reversedOf.get(night);
  if (!reversed) {
    reversed = new Set(night.ledger.filter((e) => e.code === 'reversal').map((e) => e.reverses ?? ''));
    reversedOf.set(night, reversed);
  }
  return reversed;
}
