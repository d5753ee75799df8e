import type { SessionState } from '../sessionState';
import { play } from './nightPlay';

/**
 * R34 *A lost chain*, when the open night is read (start-up, a restore): if
 * the laptop can no longer reveal in a night whose cards the table draws
 * (its `.witness` file deleted, cut short, garbled, flipped or another
 * night's), the laptop takes a fresh chain (tableDealer.ts), and, when a
 * commitment is in force, the turn in play is voided (R21) and the deal
 * goes on at once under a new commitment with a fresh shoe, recorded with
 * its reason (`chain-lost`). The host is told in a notice naming R34. The
 * night can always be ended, as any other.
 */
export function recoverLostChain(state: SessionState): void {
  const night = state.openNight;
  if (!night || night.state.settings.cards !== 'table') return;
  const before = night.state;
  const lost = state.table.replaceLostChain(before);
  if (!lost) return;
  const nightId = before.nightId;
  const turn = before.turn;
  const inPlay = turn !== null && turn.outcome === null && !turn.void ? turn.n : null;
  const inForce = before.deck?.shoe !== undefined && !before.dealNeedsDeck;
  let what: string;
  if (inForce) {
    const outcome = play(state, { type: 'chain-lost' }, before.stateId);
    what = !outcome.ok
      ? `the new commitment could not be recorded (${outcome.error.message}); it will be made at the next card`
      : `${inPlay === null ? '' : `turn ${inPlay} was voided (no chip had moved in it) and played again, and `}the deal went on under a new commitment, with a fresh shoe and a new laptop chain marked new; the record says why`;
  } else {
    what = "the next deal's commitment takes a new laptop chain, marked new, and the record says why";
  }
  state.repo.report(
    lost.setAsideAs ? 'set-aside' : 'missing',
    state.repo.journals.witnessPathOf(nightId),
    `The laptop's chain for night ${nightId} cannot be used (${lost.problem}), so no card could be drawn under the commitment in force (R34, "A lost chain"): ${what}. Nothing else of the night changed, and it can be ended as always.`,
    lost.setAsideAs,
  );
}
