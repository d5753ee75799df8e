import type { CheckedEntry, CheckedSeating } from './schema';
import type { ChipTable } from './table';

/**
 * Who acts and who deals (R6, R8, R31, R32), from the seating in force and
 * the chips on the table.
 */
export interface Rotation {
  dealer: string | null;
  deal: number;
  /** The player whose (not voided) turn was the last of this deal, null at its start. */
  lastPlayer: string | null;
  /** The player of a turn just voided: they take a new turn (R21). */
  voided: string | null;
}

export interface Eligibility {
  seating: CheckedSeating;
  table: ChipTable;
  /** R31: the first deal each newcomer plays in (0 for the players seated at the draw). */
  fromDeal: Map<string, number>;
}

/** R6, R32: seated, not gone home, not sitting out, holding chips. */
export function isActive(e: Eligibility, id: string): boolean {
  return e.seating.order.includes(id) && !e.seating.sittingOut.includes(id) && !e.table.left.has(id) && e.table.stack(id) > 0;
}

/** R31: active and seated before `deal` began. */
function playsIn(e: Eligibility, id: string, deal: number): boolean {
  return isActive(e, id) && (e.fromDeal.get(id) ?? 0) <= deal;
}

/** The first player strictly after `id` clockwise (wrapping to `id` itself last) who plays in `deal`. */
export function nextPlaying(
  e: Eligibility,
  id: string,
  deal: number,
  stopAt: string | null = null,
  order: readonly string[] = e.seating.order,
): string | null {
  const start = order.indexOf(id);
  for (let step = 1; step <= order.length; step++) {
    const candidate = order[(start + step + order.length) % order.length] as string;
    if (playsIn(e, candidate, deal)) return candidate;
    if (candidate === stopAt) return null;
  }
  return null;
}

/**
 * R6, R28: whether a dealer still deals a deal not begun yet: when they play
 * now, or, with `anteWhen: every-deal`, when they put in the deal's own ante
 * among the host's `moves` (the deal had begun: the ante taking their last
 * chip does not pass them over).
 */
export function canDealWith(e: Eligibility, anteWhen: string, moves: readonly CheckedEntry[]): (id: string) => boolean {
  return (id) =>
    isActive(e, id) ||
    (anteWhen === 'every-deal' && !e.seating.sittingOut.includes(id) && moves.some((x) => x.code === 'ante' && x.player === id));
}

/** R6, R8: the first player strictly after `id` clockwise who deals `deal` (`canDeal`, seated before it began, R31). */
function nextDealer(e: Eligibility, id: string, deal: number, canDeal: (id: string) => boolean): string | null {
  const order = e.seating.order;
  const start = order.indexOf(id);
  for (let step = 1; step <= order.length; step++) {
    const candidate = order[(start + step) % order.length] as string;
    if (canDeal(candidate) && (e.fromDeal.get(candidate) ?? 0) <= deal) return candidate;
  }
  return null;
}

export interface Expected {
  dealer: string;
  deal: number;
  player: string;
}

/**
 * R8: the turn due now, given who played last; null when nobody can play.
 * `canDeal`: whether the dealer of a deal not begun yet still deals it (R6,
 * R32); by default when they play now.
 */
export function expectedTurn(rot: Rotation, e: Eligibility, canDeal: (id: string) => boolean = (id) => isActive(e, id)): Expected | null {
  if (rot.dealer === null) return null;
  if (rot.voided) {
    if (isActive(e, rot.voided)) return { dealer: rot.dealer, deal: rot.deal, player: rot.voided };
    // R21 with R6, R32: the player of a voided turn who has since cashed out or sat out is skipped like anyone who cannot play.
    return expectedTurn({ ...rot, lastPlayer: rot.voided, voided: null }, e, canDeal);
  }
  if (rot.lastPlayer !== null && rot.lastPlayer !== rot.dealer) {
    const next = nextPlaying(e, rot.lastPlayer, rot.deal, rot.dealer);
    if (next) return { dealer: rot.dealer, deal: rot.deal, player: next };
  }
  if (rot.lastPlayer !== null) {
    // Everyone has had a turn: the deal passes to the dealer's left (who may have put their last chips in its ante, R28).
    const dealer = nextDealer(e, rot.dealer, rot.deal + 1, canDeal);
    if (!dealer) return null;
    const player = nextPlaying(e, dealer, rot.deal + 1, null, e.seating.order);
    return player ? { dealer, deal: rot.deal + 1, player } : null;
  }
  // R6, R32: a deal not begun yet is not dealt by a player who sits out, has no chips or has left: it passes on to their left.
  const dealer = canDeal(rot.dealer) ? rot.dealer : nextPlaying(e, rot.dealer, rot.deal);
  if (!dealer) return null;
  const player = nextPlaying(e, dealer, rot.deal, null, e.seating.order);
  return player ? { dealer, deal: rot.deal, player } : null;
}

/**
 * Right after a turn: if nobody after `player` up to the dealer plays in this
 * deal, the deal passes now, with the seating in force (R31).
 */
export function afterTurn(rot: Rotation, player: string, e: Eligibility): Rotation {
  const next: Rotation = { ...rot, lastPlayer: player, voided: null };
  if (player !== rot.dealer && rot.dealer !== null && nextPlaying(e, player, rot.deal, rot.dealer)) return next;
  const dealer = rot.dealer === null ? null : nextPlaying(e, rot.dealer, rot.deal + 1);
  if (dealer === null) return next;
  return { dealer, deal: rot.deal + 1, lastPlayer: null, voided: null };
}
