import { needDeck, retireDeck } from './decks';
import { refuse, type Draft } from './draft';

/**
 * Moving a night to another laptop (docs/rules.md R35): the holding laptop
 * hands it over as at the end of a deal, or a laptop holding a copy takes it
 * over from one that is gone. Stacks, pot, buy-ins, seats, who sits out and
 * who deals carry over as they stand: neither command moves a chip but the
 * ones a voided turn gives back. Who wrote which line and whether the chain
 * holds across the move is the journal's to say (night/move.ts): the engine
 * sees a command like any other.
 */

const LAPTOP_ID = /^l-[0-9a-f]{16}$/;
const HASH = /^[0-9a-f]{64}$/;

/** R35: a night that ended is moved as a shared record, never handed or taken over. */
export function refuseMoveOfEndedNight(d: Draft, what: 'hand-over' | 'take-over'): void {
  if (d.state.phase.kind === 'ended')
    refuse(
      'night-closed',
      `This night has ended: it is shared as a record, not ${what === 'hand-over' ? 'handed over' : 'taken over'} (R35).`,
      'R35',
    );
}

/**
 * R35 *Handed over*: only as at the end of a deal (no turn in play, not
 * during the draw for dealer, a shuffle or a cut); the deck in play is
 * retired as R12 does (its seed revealed on this line; with `cards: table`
 * the shoe is put away). No new deck: the new holder shuffles its own.
 */
export function handOver(d: Draft, to: string): void {
  refuseMoveOfEndedNight(d, 'hand-over');
  if (typeof to !== 'string' || !LAPTOP_ID.test(to)) refuse('invalid-input', 'A laptop is named l- and 16 hex digits (R35).', 'R35');
  const { phase } = d.state;
  const turn = d.state.turn;
  if (turn && turn.outcome === null && !turn.void)
    refuse('wrong-phase', 'A turn is in play: finish or void the turn first (R35).', 'R35', { phase: phase.kind });
  if (phase.kind !== 'ready')
    refuse(
      'wrong-phase',
      `The night is handed over only as at the end of a deal, not during ${phase.kind === 'draw' ? 'the draw for the first dealer' : `the ${phase.kind}`}: finish it first (R35).`,
      'R35',
      { phase: phase.kind },
    );
  retireDeck(d);
  d.emit({ type: 'action-settled' });
}

/**
 * R35 *Taken over*: the laptop that held the night is gone, and the deck in
 * play went with it (its seed is sealed there). The turn in play at the
 * takeover point, if any, is voided as by R21 (no chip moved in it yet) and
 * its player is due again; the deck is retired unrevealed (`deck-lost`; with
 * `cards: table` the shoe is put away, R34 *A lost chain*); and while a deal
 * or the draw for dealer is under way a new deck is asked for at once (its
 * seed goes on this line), to be cut before play goes on (R9-R11). After a
 * hand-over none of this is left to do but the new deck.
 */
export function takeOver(d: Draft, from: string, line: number, hash: string): void {
  refuseMoveOfEndedNight(d, 'take-over');
  if (typeof from !== 'string' || !LAPTOP_ID.test(from)) refuse('invalid-input', 'A laptop is named l- and 16 hex digits (R35).', 'R35');
  if (!Number.isInteger(line) || line < 1) refuse('invalid-input', 'A takeover names the line it follows, counted from 1 (R35).', 'R35');
  if (typeof hash !== 'string' || !HASH.test(hash))
    refuse('invalid-input', 'A takeover names the hash of its line, 64 hex digits (R35).', 'R35');
  // Said first, so the table hears why the turn below is played again and why a new deck is cut.
  d.announce('night-moved', null, 0);
  const turn = d.state.turn;
  if (turn && turn.outcome === null && !turn.void) {
    d.emit({ type: 'turn-voided', n: turn.n });
    // Due again in the deal in force: its dealer and number stand; the new deck comes below.
    d.emit({ type: 'rotation', ...turn.rotationBefore, dealNeedsDeck: false });
    d.announce('voided', turn.playerId, 0);
  }
  const deck = d.state.deck;
  if (deck?.shoe) d.emit({ type: 'shoe-retired', deckId: deck.id });
  else if (deck) d.emit({ type: 'deck-lost', deckId: deck.id });
  d.emit({ type: 'action-settled' });
  const { draw, dealerSeat, dealNeedsDeck } = d.state;
  // The draw for dealer is decided within one line, so a takeover never falls inside it; were it to, it goes on with a new draw deck.
  if (draw && draw.winnerId === null) return needDeck(d, 'draw', 'draw');
  if (dealerSeat !== null && !dealNeedsDeck) return needDeck(d, 'play', 'deal');
  if (d.state.phase.kind !== 'draw' && d.state.phase.kind !== 'ready') d.phase('ready');
}
