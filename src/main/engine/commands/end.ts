import { playerAccount } from '../../../shared/chips';
import { holdsChips, inTurnOrder } from '../flow';
import { expectPhase, refuse, type Draft } from './draft';
import { retireDeck } from './decks';

/** R22: the end of the night: the last deck revealed, the pot split or carried. */

export function end(d: Draft, at: string): void {
  const phase = d.state.phase;
  if (
    phase.kind === 'bet' ||
    phase.kind === 'ace-call' ||
    phase.kind === 'pair-call' ||
    ((phase.kind === 'cut' || phase.kind === 'shuffle') && phase.resume === 'continue-turn')
  ) {
    refuse('wrong-phase', 'A turn is in progress: finish it before ending the night.', undefined, { phase: phase.kind });
  }
  retireDeck(d);
  const pot = d.state.pot;
  if (pot > 0) {
    // Sitting out or not (R32): whoever still has chips in front of them shares it.
    const holders = inTurnOrder(d.state).filter((p) => holdsChips(d.state, p));
    if (d.state.settings.potAtEnd === 'carry' || holders.length === 0) {
      const move = d.move('carry-out', null, pot, 'pot', 'bank', null);
      d.announce('pot-carried', null, pot, [move]);
    } else {
      const share = Math.floor(pot / holders.length);
      const remainder = pot % holders.length;
      const moves = holders.map((p, i) => d.move('pot-split', p.id, share + (i < remainder ? 1 : 0), 'pot', playerAccount(p.id), null));
      d.announce(
        'pot-split',
        null,
        pot,
        moves,
        holders.map((p) => p.id),
      );
    }
  }
  // The split or carry is kept with the end, so reopening the night can reverse it (R33).
  d.emit({ type: 'last-action', kind: 'other', turn: null, entries: d.entries });
  d.emit({ type: 'night-ended', at });
  d.announce('night-ended', null, 0);
  d.phase('ended');
}

/**
 * R33: the night goes on where it stopped. The end's split or carry is
 * reversed by new entries, so the pot stands as it was; the last deck was
 * revealed at the end, so the next turn is dealt from a new one.
 */
export function reopen(d: Draft, at: string): void {
  expectPhase(d, 'ended', 'Reopening the night');
  const last = d.state.lastAction;
  const ending = last && last.kind === 'other' ? last.entries : [];
  for (const { id, move } of [...ending].reverse()) d.move('reversal', move.player, move.amount, move.to, move.from, null, id);
  d.emit({ type: 'night-reopened', at });
  d.announce(
    'night-reopened',
    null,
    d.state.pot,
    d.entries.map((e) => e.move),
  );
  d.emit({ type: 'last-action', kind: 'other', turn: null, entries: [] });
  d.phase(d.state.dealerSeat === null ? 'draw' : 'ready');
}
