import type { Findings } from './findings';
import type { CheckedExport } from './schema';

/**
 * The night's chips and money at the end (R23, R24, M1-M4): `final` is the
 * fold of the ledger, the balances follow from it and the expenses, the
 * transfers square them, and every expense is shared as M4 says.
 */
export function checkFinal(night: CheckedExport, f: Findings): void {
  const stacks: Record<string, number> = {};
  const boughtIn: Record<string, number> = {};
  const cashedOut: Record<string, number> = {};
  let pot = 0;
  let carriedIn = 0;
  let carriedOut = 0;
  const byId = new Map(night.ledger.map((e) => [e.id, e]));
  for (const e of night.ledger) {
    const add = (account: string, amount: number) => {
      if (account === 'pot') pot += amount;
      else if (account.startsWith('player:')) {
        const id = account.slice('player:'.length);
        stacks[id] = (stacks[id] ?? 0) + amount;
      }
    };
    add(e.from, -e.amount);
    add(e.to, e.amount);
    const original = e.code === 'reversal' ? byId.get(e.reverses ?? '') : e;
    const sign = e.code === 'reversal' ? -1 : 1;
    if (!original) continue;
    if (original.code === 'buy-in' && original.player) boughtIn[original.player] = (boughtIn[original.player] ?? 0) + sign * e.amount;
    if (original.code === 'cash-out' && original.player) cashedOut[original.player] = (cashedOut[original.player] ?? 0) + sign * e.amount;
    if (original.code === 'carry-in') carriedIn += sign * e.amount;
    if (original.code === 'carry-out') carriedOut += sign * e.amount;
  }
  const ids = night.players.map((p) => p.id);
  const pick = (values: Record<string, number>) => Object.fromEntries(ids.map((id) => [id, values[id] ?? 0]));
  const sorted = (values: Record<string, number>) => JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));
  f.same('R24', null, 'final.stacks (the fold of the ledger)', sorted(pick(stacks)), sorted(night.final.stacks));
  f.same('R24', null, 'final.boughtIn', sorted(pick(boughtIn)), sorted(night.final.boughtIn));
  f.same('R24', null, 'final.cashedOut', sorted(pick(cashedOut)), sorted(night.final.cashedOut));
  f.same('R24', null, 'final.pot', pot, night.final.pot);
  f.same('R24', null, 'final.carriedIn', carriedIn, night.final.carriedIn);
  f.same('R24', null, 'final.carriedOut', carriedOut, night.final.carriedOut);
  for (const id of Object.keys(stacks))
    if (!ids.includes(id) && (stacks[id] ?? 0) !== 0)
      f.violation('R24', null, `chips only with the night's players`, `${stacks[id]} chips with ${id}`);
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
  const { final } = night;
  if (sum(final.boughtIn) + final.carriedIn !== sum(final.stacks) + final.pot + sum(final.cashedOut) + final.carriedOut) {
    f.violation(
      'R24',
      null,
      'bought in + carried in = stacks + pot + cashed out + carried out',
      `${sum(final.boughtIn) + final.carriedIn} != ${sum(final.stacks) + final.pot + sum(final.cashedOut) + final.carriedOut}`,
    );
  }
  if (night.night.endedAt !== null && night.rules.potAtEnd === 'split' && final.pot !== 0)
    f.violation('R22', null, 'no pot left after the split', `pot ${final.pot}`);
}

/** M4: each share the quotient, the units left over one each from the payer's left, every player at their last place. */
export function checkExpenses(
  night: CheckedExport,
  order: readonly string[],
  f: Findings,
  earlierOrders: readonly (readonly string[])[] = [],
  /** Version 4: the seat order each expense was last recorded in (`hostActions`), which its shares follow. */
  recordedIn: ReadonlyMap<string, readonly string[]> = new Map(),
): Map<string, number> {
  const money = new Map<string, number>();
  for (const expense of night.expenses) {
    const { payer, amount, sharers } = expense;
    const recorded = recordedIn.get(expense.id);
    if (recorded) {
      // M4: the seat order when the expense was recorded, every player at the place they last had.
      const sorted = (values: Record<string, number>) => Object.fromEntries(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));
      f.same('M4', null, `expense ${expense.id} shares`, sorted(sharesFrom(expense, recorded)), sorted(expense.shares));
      money.set(payer, (money.get(payer) ?? 0) + amount);
      for (const [id, share] of Object.entries(expense.shares)) money.set(id, (money.get(id) ?? 0) - share);
      continue;
    }
    if (new Set(sharers).size !== sharers.length) f.violation('M4', null, `expense ${expense.id}: each sharer once`, sharers.join(', '));
    const key = (values: Record<string, number>) => JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));
    const found = key(expense.shares);
    const expected = key(sharesFrom(expense, order));
    if (!order.includes(payer)) f.cannotCheck('M4', null, `expense ${expense.id}: the payer ${payer} has no place in the seating`);
    else if (expected !== found) {
      // The export does not say when the expense was recorded: shares fixed under an earlier seating (before a move) are not a finding.
      if (earlierOrders.some((earlier) => earlier.includes(payer) && key(sharesFrom(expense, earlier)) === found)) {
        f.cannotCheck(
          'M4',
          null,
          `expense ${expense.id}: shared as the seating stood before a later move; the export does not say when it was recorded`,
        );
      } else f.violation('M4', null, `expense ${expense.id} shares ${expected}`, `shares ${found}`);
    }
    money.set(payer, (money.get(payer) ?? 0) + amount);
    for (const [id, share] of Object.entries(expense.shares)) money.set(id, (money.get(id) ?? 0) - share);
  }
  return money;
}

/** M4: the quotient each, the units left over one each to the sharers clockwise from the payer's left. */
function sharesFrom(
  expense: { payer: string; amount: number; sharers: readonly string[] },
  order: readonly string[],
): Record<string, number> {
  const { payer, amount, sharers } = expense;
  const base = Math.floor(amount / sharers.length);
  let left = amount - base * sharers.length;
  const shares: Record<string, number> = Object.fromEntries(sharers.map((id) => [id, base]));
  const start = order.indexOf(payer);
  for (let step = 1; step <= order.length && left > 0; step++) {
    const id = order[(start + step) % order.length] as string;
    if (id in shares) {
      shares[id] = (shares[id] ?? 0) + 1;
      left--;
    }
  }
  return shares;
}

/** M1, M2, M3: the balances and the transfers that square them. */
export function checkSettlement(night: CheckedExport, expenseMoney: Map<string, number>, f: Findings): void {
  const { settlement } = night;
  if (night.night.endedAt === null) {
    if (settlement !== null) f.violation('M2', null, 'no settlement while the night is open', 'a settlement');
    return;
  }
  if (!settlement) {
    f.violation('M2', null, 'a settlement once the night has ended', 'null');
    return;
  }
  const cv = night.night.chipValue;
  const byId = new Map(night.ledger.map((e) => [e.id, e]));
  const credit = new Map<string, number>();
  const owedOut = new Map<string, number>();
  let bankCash = 0;
  for (const e of night.ledger) {
    const original = e.code === 'reversal' ? byId.get(e.reverses ?? '') : e;
    if (!original?.player || (original.code !== 'buy-in' && original.code !== 'cash-out')) continue;
    const sign = e.code === 'reversal' ? -1 : 1;
    const paid = original.paid ?? 'credit';
    if (original.code === 'buy-in') {
      if (paid === 'credit') credit.set(original.player, (credit.get(original.player) ?? 0) + sign * e.amount);
      else bankCash += sign * e.amount;
    } else if (paid === 'credit') owedOut.set(original.player, (owedOut.get(original.player) ?? 0) + sign * e.amount);
    else bankCash -= sign * e.amount;
  }
  const expected: Record<string, number> = {};
  for (const { id } of night.players) {
    const chips = (night.final.stacks[id] ?? 0) + (owedOut.get(id) ?? 0) - (credit.get(id) ?? 0);
    expected[id] = chips * cv + (expenseMoney.get(id) ?? 0);
  }
  expected.bank = -bankCash * cv + (night.final.carriedOut - night.final.carriedIn) * cv;
  for (const party of new Set([...Object.keys(expected), ...Object.keys(settlement.balances)])) {
    f.same('M2', null, `balance of ${party}`, expected[party] ?? 0, settlement.balances[party] ?? 0);
  }
  // M3: the transfers square every balance, never two between a pair, at most one fewer than the parties owed or owing.
  const left = new Map(Object.entries(settlement.balances));
  const pairs = new Set<string>();
  for (const t of settlement.transfers) {
    const pair = [t.from, t.to].sort().join('|');
    if (pairs.has(pair)) f.violation('M3', null, 'never two transfers between the same pair', `two between ${t.from} and ${t.to}`);
    pairs.add(pair);
    if (settlement.mode === 'banker' && t.from !== 'bank' && t.to !== 'bank')
      f.violation('M3', null, 'banker mode: every transfer with the bank', `${t.from} pays ${t.to}`);
    left.set(t.from, (left.get(t.from) ?? 0) + t.amount);
    left.set(t.to, (left.get(t.to) ?? 0) - t.amount);
  }
  for (const [party, rest] of left) if (rest !== 0) f.violation('M3', null, `${party} squared by the transfers`, `${rest} left over`);
  const parties = Object.values(settlement.balances).filter((b) => b !== 0).length;
  if (parties > 0 && settlement.transfers.length > parties - 1)
    f.violation('M3', null, `at most ${parties - 1} transfers`, `${settlement.transfers.length}`);
  if (settlement.mode === 'fewest' && parties <= 14) {
    const fewest = parties - zeroSumGroups(Object.values(settlement.balances).filter((b) => b !== 0));
    if (settlement.transfers.length > fewest) f.violation('M3', null, `the fewest transfers, ${fewest}`, `${settlement.transfers.length}`);
  }
}

/** The most groups of balances that each add up to 0 (each settles in one fewer transfer than its size). */
function zeroSumGroups(amounts: readonly number[]): number {
  const size = 1 << amounts.length;
  const sums = new Float64Array(size);
  const best = new Uint8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    sums[mask] = (sums[mask ^ low] as number) + (amounts[31 - Math.clz32(low)] as number);
    let most = 0;
    for (let rest = mask; rest !== 0; rest &= rest - 1) most = Math.max(most, best[mask ^ (rest & -rest)] as number);
    best[mask] = most + (sums[mask] === 0 ? 1 : 0);
  }
  return best[size - 1] as number;
}
