import type { SettleMode } from '../../shared/vocabulary';
import { BANK } from './money';
import type { Transfer } from './settlement';

/**
 * Settling up (docs/rules.md M3): transfers that bring every balance (players and
 * the bank) to 0, in whole minor units. Pure.
 */

/** Up to this many parties with a balance, the fewest transfers are found exactly; beyond, greedily. */
const EXACT_PARTIES = 14;

function checkBalances(balances: Readonly<Record<string, number>>): void {
  let sum = 0;
  for (const [party, amount] of Object.entries(balances)) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`the balance of ${party} is not a whole number of minor units: ${amount}`);
    sum += amount;
  }
  if (sum !== 0) throw new RangeError(`balances must add up to 0 (M2), these add up to ${sum}`);
}

/**
 * The transfers that square `balances` (`fewest`: as few transfers as can
 * be found; `banker`: every party settles with the bank alone) (party -> minor units, positive is
 * owed). In `fewest` mode: never more than one fewer than the parties with a
 * balance, never two between the same pair, and for up to 14 such parties
 * the fewest possible: the parties are split into as many groups that add up
 * to 0 as possible (each group settles on its own), found exactly over all
 * subsets. In `banker` mode each party pays the bank or is paid by it.
 * Transfers are in a stable order (balances' order, largest first).
 */
export function settleUp(balances: Readonly<Record<string, number>>, mode: SettleMode = 'fewest'): Transfer[] {
  checkBalances(balances);
  const parties = Object.entries(balances).filter(([, amount]) => amount !== 0);
  if (mode === 'banker') {
    return parties.flatMap(([party, amount]): Transfer[] => {
      if (party === BANK) return [];
      return amount < 0 ? [{ from: party, to: BANK, amount: -amount }] : [{ from: BANK, to: party, amount }];
    });
  }
  const groups = parties.length <= EXACT_PARTIES ? zeroSumGroups(parties.map(([, amount]) => amount)) : [parties.map((_, i) => i)];
  return groups.flatMap((group) => settleGroup(group.map((i) => parties[i] as [string, number])));
}

/**
 * Splits amounts that add up to 0 into as many groups that each add up to 0
 * as possible (indexes into `amounts`). A group of m parties settles in m - 1
 * transfers, so more groups is fewer transfers. Exact over all 2^n subsets:
 * best[mask] is the most zero-sum prefixes of any order of the mask's parties.
 * @internal exported for tests only
 */
export function zeroSumGroups(amounts: readonly number[]): number[][] {
  const n = amounts.length;
  const size = 1 << n;
  const sum = new Array<number>(size).fill(0);
  const best = new Uint8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    sum[mask] = (sum[mask ^ low] as number) + (amounts[31 - Math.clz32(low)] as number);
    let most = 0;
    for (let rest = mask; rest !== 0; rest &= rest - 1) most = Math.max(most, best[mask ^ (rest & -rest)] as number);
    best[mask] = most + (sum[mask] === 0 ? 1 : 0);
  }
  const groups: number[][] = [];
  let current: number[] = [];
  for (let mask = size - 1; mask !== 0;) {
    const closes = sum[mask] === 0 ? 1 : 0;
    let bit = mask & -mask;
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const candidate = rest & -rest;
      if ((best[mask ^ candidate] as number) + closes === best[mask]) {
        bit = candidate;
        break;
      }
    }
    current.push(31 - Math.clz32(bit));
    mask ^= bit;
    if (sum[mask] === 0) {
      groups.push(current.sort((a, b) => a - b));
      current = [];
    }
  }
  return groups.sort((a, b) => (a[0] as number) - (b[0] as number));
}

/**
 * One group that adds up to 0: the largest debtor pays the largest creditor
 * as much as they can, repeatedly. Each transfer squares at least one of the
 * two, so there are at most m - 1 and never two between the same pair.
 */
function settleGroup(group: readonly [string, number][]): Transfer[] {
  const order = new Map(group.map(([party], i) => [party, i]));
  const byLargest = (a: { party: string; left: number }, b: { party: string; left: number }) =>
    b.left - a.left || (order.get(a.party) ?? 0) - (order.get(b.party) ?? 0);
  const debtors = group.filter(([, amount]) => amount < 0).map(([party, amount]) => ({ party, left: -amount }));
  const creditors = group.filter(([, amount]) => amount > 0).map(([party, amount]) => ({ party, left: amount }));
  const transfers: Transfer[] = [];
  for (;;) {
    debtors.sort(byLargest);
    creditors.sort(byLargest);
    const debtor = debtors[0];
    const creditor = creditors[0];
    if (!debtor || !creditor || debtor.left === 0 || creditor.left === 0) break;
    const amount = Math.min(debtor.left, creditor.left);
    transfers.push({ from: debtor.party, to: creditor.party, amount });
    debtor.left -= amount;
    creditor.left -= amount;
  }
  return transfers;
}
