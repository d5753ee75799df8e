import type { PlayerView, RunningTab } from '../../../shared';

/**
 * A player's own figures on their phone. Main counts every chip; these only
 * put the view's numbers side by side, the way the night's results will
 * (R23: net chips are the chips in front of you plus what you cashed out,
 * less what you bought; net money is that times the chip value, M1).
 */

export interface ResultSoFar {
  /** Chips now plus chips cashed out, less chips bought (starting chips included). */
  netChips: number;
  /** `netChips` in whole minor units of the night's currency (0 when the night is played for fun). */
  netMoney: number;
}

export function resultSoFar(player: Pick<PlayerView, 'stack' | 'cashedOut' | 'boughtIn'>, chipValue: number): ResultSoFar {
  const netChips = player.stack + player.cashedOut - player.boughtIn;
  // `|| 0`: a loss played for fun is 0, not -0 (which Intl writes "-0").
  return { netChips, netMoney: netChips * chipValue || 0 };
}

interface TabLine {
  /** The other party: a player's id, or the bank's. */
  with: string;
  /** Minor units. */
  amount: number;
}

export interface TabPlace {
  /** What I owe, to whom, largest first. */
  owes: TabLine[];
  /** What is owed to me, by whom, largest first. */
  owed: TabLine[];
  /** Owed to me less what I owe: positive when the tab is in my favour. */
  net: number;
}

/** Where a player stands in the running tab (M3): the unpaid transfers, netted across nights, that name them. */
export function tabPlace(tab: RunningTab, playerId: string): TabPlace {
  const largestFirst = (a: TabLine, b: TabLine) => b.amount - a.amount;
  const owes = tab.tab
    .filter((t) => t.from === playerId)
    .map((t) => ({ with: t.to, amount: t.amount }))
    .sort(largestFirst);
  const owed = tab.tab
    .filter((t) => t.to === playerId)
    .map((t) => ({ with: t.from, amount: t.amount }))
    .sort(largestFirst);
  const sum = (lines: TabLine[]) => lines.reduce((total, line) => total + line.amount, 0);
  return { owes, owed, net: sum(owed) - sum(owes) };
}
