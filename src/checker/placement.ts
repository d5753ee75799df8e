import { afterTurn, canDealWith, expectedTurn, type Eligibility, type Rotation } from './rotation';
import type { CheckedEntry, CheckedSeating, CheckedTurn } from './schema';
import type { ChipTable } from './table';

/**
 * The export does not say when, between two turns, the host's moves
 * (buy-ins, cash-outs, antes of a newcomer) were made relative to a turn
 * that moved no chips. Of the places that agree with the turn's pot, stack
 * and player (or, failing that, its pot and stack), the earliest that also agrees with the turn after it is taken
 * (host moves as late as they can be); none agreeing, all moves come before
 * the turn and the turn's own checks report what disagrees.
 */
export interface Placement {
  pending: readonly CheckedEntry[];
  /** At least this many come before the turn (a newcomer of its seating), at most `most`. */
  least: number;
  most: number;
  table: ChipTable;
  rotation: Rotation;
  turn: CheckedTurn;
  seating: CheckedSeating;
  next: CheckedTurn | undefined;
  nextSeating: CheckedSeating;
  eligibility: (seating: CheckedSeating, table: ChipTable) => Eligibility;
  /** R28: `anteWhen`, for who deals a deal begun with its own ante. */
  anteWhen: string;
}

export function placeHostMoves(p: Placement): number {
  const { pending, turn, rotation } = p;
  const chipsAgree: { take: number; trial: ChipTable }[] = [];
  for (let take = p.least; take <= p.most; take++) {
    const trial = p.table.clone();
    for (const e of pending.slice(0, take)) trial.apply(e, null);
    if (trial.pot === turn.potBefore && trial.stack(turn.player) === turn.stackBefore) chipsAgree.push({ take, trial });
  }
  // The player due is checked (and reported) by the caller: a place that only gets the chips right still beats none.
  const agreeing = chipsAgree.filter(({ take, trial }) => {
    const e = p.eligibility(p.seating, trial.clone());
    const due = expectedTurn(rotation, e, canDealWith(e, p.anteWhen, pending.slice(0, take)));
    return !due || due.player === turn.player;
  });
  if (agreeing.length === 0) agreeing.push(...chipsAgree);
  if (agreeing.length === 0) return p.most;
  if (agreeing.length === 1 || !p.next) return (agreeing[0] as { take: number }).take;
  for (const { take, trial } of agreeing) {
    const after: Rotation = turn.void
      ? { dealer: turn.dealer, deal: turn.deal, lastPlayer: rotation.lastPlayer, voided: turn.player }
      : afterTurn(
          { dealer: turn.dealer, deal: turn.deal, lastPlayer: rotation.lastPlayer, voided: null },
          turn.player,
          p.eligibility(p.seating, trial),
        );
    // The moves left may come before the next turn or after it (a buy-in after it would make its player due too early): any split that agrees will do.
    for (let nextTake = take; nextTake <= pending.length; nextTake++) {
      if (nextTake > take) trial.apply(pending[nextTake - 1] as CheckedEntry, null);
      const next = p.eligibility(p.nextSeating, trial.clone());
      const due = expectedTurn(after, next, canDealWith(next, p.anteWhen, pending.slice(take, nextTake)));
      if (due && due.player === p.next.player && due.dealer === p.next.dealer && due.deal === p.next.deal) return take;
    }
  }
  return (agreeing[0] as { take: number }).take;
}
