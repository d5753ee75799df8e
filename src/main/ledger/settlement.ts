import type { PlayerResult, Transfer } from '../../shared';
import type { Balances } from './balances';

/** Money one player hands another to square the night, in whole minor units of the night's currency (M1). */
export type { Transfer };

/** A whole number of minor units; `|| 0` turns -0 into 0, which Intl would otherwise print as "-0.00". */
function minorUnits(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${amount} is not a whole number of minor units`);
  return amount || 0;
}

/**
 * Each player's result of the night (R23, M1): final chips are their stack
 * (after the pot split) plus what they cashed out; money is (final - bought)
 * x `chipValue`, in whole minor units and so exact. The winner is whoever has
 * the largest net chips (final + cashed out - bought, R23 as amended), ties
 * sharing it: a player who bought twice is not the winner while down on the night.
 * A night where everyone's net chips are the same has no winner (winnersOf).
 */
export function nightResults(balances: Balances, players: readonly { id: string }[], chipValue: number): PlayerResult[] {
  minorUnits(chipValue);
  const rows = players.map(({ id }) => {
    const boughtIn = balances.boughtIn[id] ?? 0;
    const finalChips = (balances.stacks[id] ?? 0) + (balances.cashedOut[id] ?? 0);
    const netChips = finalChips - boughtIn;
    return { playerId: id, boughtIn, finalChips, netChips, netMoney: minorUnits(netChips * chipValue) };
  });
  const winners = new Set(winnersOf(rows));
  return rows.map((r) => ({ ...r, isWinner: winners.has(r.playerId) }));
}

/**
 * Who won the night (R23): the players with the largest net chips, ties
 * sharing it; nobody when every player's net chips are the same (everyone
 * even, a house choice): with nobody ahead, crowning the whole table would
 * tell each player they won a night they only broke even on. Also applied
 * to the results kept in the nights' index, made before this choice.
 */
export function winnersOf(results: readonly { playerId: string; netChips: number }[]): string[] {
  const nets = results.map((r) => r.netChips);
  const best = Math.max(...nets);
  if (nets.every((net) => net === best)) return [];
  return results.filter((r) => r.netChips === best).map((r) => r.playerId);
}

interface Side {
  playerId: string;
  /** Minor units still to pay or to receive. */
  cents: number;
}

/** Largest first; ties in the order players were given, so the answer is stable. */
function largestFirst(sides: Side[], order: Map<string, number>): void {
  sides.sort((a, b) => b.cents - a.cents || (order.get(a.playerId) ?? 0) - (order.get(b.playerId) ?? 0));
}

/**
 * Money transfers that square everyone: the largest debtor pays the largest
 * creditor as much as they can, repeatedly. Works in whole minor units, so
 * the amounts add up exactly. When the nets do not sum to zero (a pot carried
 * to the next night) the remainder stays unassigned.
 * @internal exported for tests only
 */
export function fewestTransfers(results: readonly PlayerResult[]): Transfer[] {
  const order = new Map(results.map((r, i) => [r.playerId, i]));
  const debtors: Side[] = [];
  const creditors: Side[] = [];
  for (const r of results) {
    const cents = minorUnits(r.netMoney);
    if (cents < 0) debtors.push({ playerId: r.playerId, cents: -cents });
    if (cents > 0) creditors.push({ playerId: r.playerId, cents });
  }
  const transfers: Transfer[] = [];
  for (;;) {
    largestFirst(debtors, order);
    largestFirst(creditors, order);
    const debtor = debtors[0];
    const creditor = creditors[0];
    if (debtor === undefined || creditor === undefined || debtor.cents === 0 || creditor.cents === 0) break;
    const cents = Math.min(debtor.cents, creditor.cents);
    transfers.push({ from: debtor.playerId, to: creditor.playerId, amount: cents });
    debtor.cents -= cents;
    creditor.cents -= cents;
  }
  return transfers;
}
