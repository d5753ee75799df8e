import type { Findings } from './findings';
import type { CheckedExport, CheckedSeating } from './schema';

/**
 * The seating history (R31, R32, docs/export-format.md `seating`): in turn
 * order, starting before turn 1, no entry that changes nothing, the sitting
 * out a part of the seating, and the last entry the seat order of `players`.
 * Returns the seating in force for a turn (0: the draw's).
 */
export interface SeatingHistory {
  at: (n: number) => CheckedSeating;
  /** The first turn from which the history contradicts itself (a player listed twice), or null. */
  brokenFrom: number | null;
}

export function seatingHistory(night: CheckedExport, f: Findings): SeatingHistory {
  const byPlayers: CheckedSeating = {
    beforeTurn: 1,
    order: [...night.players].sort((a, b) => a.seat - b.seat).map((p) => p.id),
    sittingOut: [],
  };
  const entries = night.seating;
  if (!entries) {
    f.cannotCheck('R31', null, 'the export has no seating history: who sat where and who sat out is taken from `players`');
    return { at: () => byPlayers, brokenFrom: null };
  }
  night.players.forEach((p, i) => {
    if (p.seat !== i) f.violation('R31', null, `players in seat order, ${p.id} at seat ${i}`, `seat ${p.seat}`);
  });
  const first = entries[0] as CheckedSeating;
  if (first.beforeTurn !== 1) f.violation('R31', null, 'the first seating entry before turn 1', `before turn ${first.beforeTurn}`);
  let brokenFrom: number | null = null;
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    if (new Set(entry.order).size !== entry.order.length) {
      f.violation('R31', entry.beforeTurn, 'each player seated once', entry.order.join(', '));
      brokenFrom ??= entry.beforeTurn;
    }
    const inOrder = entry.order.filter((id) => entry.sittingOut.includes(id));
    if (inOrder.join() !== entry.sittingOut.join())
      f.violation('R32', entry.beforeTurn, `sitting out, seated, in seat order: ${inOrder.join(', ')}`, entry.sittingOut.join(', '));
    if (!previous) return;
    if (
      entry.beforeTurn < previous.beforeTurn ||
      (entry.beforeTurn === previous.beforeTurn && entry.beforeTurn !== 1) ||
      (entry.beforeTurn === 1 && i > 1)
    ) {
      f.violation(
        'R31',
        entry.beforeTurn,
        `seating entries one per turn, in turn order, after turn ${previous.beforeTurn}`,
        `an entry before turn ${entry.beforeTurn}`,
      );
    }
    if (entry.order.join() === previous.order.join() && entry.sittingOut.join() === previous.sittingOut.join()) {
      f.violation('R32', entry.beforeTurn, 'an entry only for a change of seating', 'the same seating as the entry before');
    }
  });
  const last = entries[entries.length - 1] as CheckedSeating;
  if (last.order.join() !== byPlayers.order.join()) {
    const extra = last.order.filter((id) => !byPlayers.order.includes(id));
    const missing = byPlayers.order.filter((id) => !last.order.includes(id));
    f.violation(
      'R31',
      null,
      `the last seating, the players in seat order: ${byPlayers.order.join(', ')}`,
      `${last.order.join(', ')}${extra.length ? ` (seated but not a player of the night: ${extra.join(', ')})` : ''}${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`,
    );
  }
  // A player listed twice is reported above; the walk goes on with their first place, so one slip is not counted again at every turn.
  const unique = entries.map((entry) => ({ ...entry, order: [...new Set(entry.order)], sittingOut: [...new Set(entry.sittingOut)] }));
  const at = (n: number): CheckedSeating => {
    let inForce = unique[0] as CheckedSeating;
    if (n === 0) return inForce;
    for (const entry of unique) {
      if (entry.beforeTurn <= n) inForce = entry;
      else break;
    }
    return inForce;
  };
  return { at, brokenFrom };
}
