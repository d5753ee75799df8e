import type { EngineEvent } from '../engine';

/**
 * The seating of a night over time (R31, R32), for the export: who sat
 * where, clockwise, and who was sitting out, from which turn on. Worked out
 * from the night's events, so it cannot disagree with the night as played.
 */
export interface SeatingEntry {
  /** The seating below is in force from this turn on (1 = from the first turn). */
  beforeTurn: number;
  /** Player ids clockwise from seat 0 (R8); a player who cashed out keeps their place (a buy-in seats them there again). */
  order: string[];
  /** R32: the players sitting out, in seat order. */
  sittingOut: string[];
}

/**
 * The seating entries of a night: the first has `beforeTurn` 1 and the
 * seating at the draw for the first dealer (R7; with no draw yet, the
 * seating now). Then one entry for each turn before which the seating
 * changed: a newcomer seated, a player moved, sitting out or coming back
 * (and their undoing, R21: a newcomer whose seating is undone leaves it). Several changes between two turns make one
 * entry, and changes that cancel out (sitting out and coming back between
 * the same two turns) make none. A change between the draw and the first
 * turn makes a second entry with `beforeTurn` 1: the draw was made in the
 * first entry's seating, the first turn in the second's.
 */
export function seatingHistory(events: readonly EngineEvent[]): SeatingEntry[] {
  let order: string[] = [];
  const sittingOut = new Set<string>();
  let turnsStarted = 0;
  let drawn = false;
  const entries: SeatingEntry[] = [];
  const now = (): SeatingEntry => ({
    beforeTurn: turnsStarted + 1,
    order: [...order],
    sittingOut: order.filter((id) => sittingOut.has(id)),
  });
  const changed = (): void => {
    // Before the draw every change is part of the seating the draw is made in.
    if (!drawn) return;
    const entry = now();
    const last = entries.at(-1);
    // Changes before the same turn are one entry (the first entry, the draw's, is kept as it was).
    if (entries.length > 1 && last?.beforeTurn === entry.beforeTurn) entries.pop();
    const previous = entries.at(-1);
    if (!previous || !sameSeating(previous, entry)) entries.push(entry);
  };

  for (const event of events) {
    switch (event.type) {
      case 'night-started':
        order = event.players.map((p) => p.id);
        break;
      case 'draw-round':
        if (!drawn) {
          entries.push(now());
          drawn = true;
        }
        break;
      case 'turn-started':
        turnsStarted = event.n;
        break;
      case 'player-seated':
        order.splice(event.seat, 0, event.playerId);
        changed();
        break;
      case 'player-unseated':
        // R21: a newcomer's seating undone: they leave the seating as if never seated.
        order = order.filter((id) => id !== event.playerId);
        sittingOut.delete(event.playerId);
        changed();
        break;
      case 'player-moved':
        order = order.filter((id) => id !== event.playerId);
        order.splice(event.seat, 0, event.playerId);
        changed();
        break;
      case 'player-sat-out':
        sittingOut.add(event.playerId);
        changed();
        break;
      case 'player-came-back':
        sittingOut.delete(event.playerId);
        changed();
        break;
      default:
        break;
    }
  }
  if (!drawn) entries.push(now());
  return entries;
}

function sameSeating(a: SeatingEntry, b: SeatingEntry): boolean {
  return sameIds(a.order, b.order) && sameIds(a.sittingOut, b.sittingOut);
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
