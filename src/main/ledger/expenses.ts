/**
 * Shared expenses (docs/rules.md M4): someone paid for the pizza, the chosen
 * players share it equally, in whole minor units. Pure.
 */

export interface Expense {
  id: string;
  /** The player who paid. */
  payer: string;
  /** Minor units, at least 1. */
  amount: number;
  /** Who shares it (the payer may be one of them). */
  sharers: readonly string[];
  /** Each sharer's share, fixed when the expense was recorded (shareExpense); computed when absent. */
  shares?: Readonly<Record<string, number>>;
}

/**
 * Splits `amount` minor units equally among `sharers` (M4): each gets the
 * whole quotient, and the units left over go one each to the sharers in seat
 * order starting from the payer's left (the next seat clockwise, R8), so the
 * shares add up to the amount exactly and differ by at most one unit.
 * `seating` is the seating in force when the expense is recorded, clockwise,
 * with every player of the night in the place they last had (those who
 * cashed out or sit out included), so the payer's left is counted from the
 * payer's own place even when they have left. A payer not in it counts from
 * the first seat; sharers not in it come after the others, in the order given.
 */
export function shareExpense(
  amount: number,
  sharers: readonly string[],
  payer: string,
  seating: readonly string[],
): Record<string, number> {
  if (!Number.isSafeInteger(amount) || amount < 1)
    throw new RangeError(`an expense is a whole number of minor units, at least 1, not ${amount}`);
  if (sharers.length === 0) throw new RangeError('an expense needs at least one sharer');
  if (new Set(sharers).size !== sharers.length) throw new RangeError('a sharer is named twice');
  const base = Math.floor(amount / sharers.length);
  let leftover = amount - base * sharers.length;
  const shares: Record<string, number> = {};
  for (const sharer of sharers) shares[sharer] = base;
  const payerSeat = seating.indexOf(payer);
  const fromLeft = seating.map((_, i) => seating[(payerSeat + 1 + i) % seating.length] as string);
  const wanted = new Set(sharers);
  const order = [...fromLeft.filter((id) => wanted.has(id)), ...sharers.filter((id) => !seating.includes(id))];
  for (const sharer of order) {
    if (leftover === 0) break;
    shares[sharer] = (shares[sharer] ?? 0) + 1;
    leftover -= 1;
  }
  return shares;
}
