import { rankOf, type CardCode } from '../../../shared/cards';
import { activePlayers, firstDeal } from '../flow';
import { cardReady, expectPhase, refuse, seatOf, topCard, type Draft } from './draft';
import { needDeck, retireDeck } from './decks';
import { needCard } from './tableDraw';

/** R7: the draw for the first dealer. */

export function draw(d: Draft): void {
  expectPhase(d, 'draw', 'The draw for the first dealer');
  // R6; with nobody holding chips the draw would never find a highest card.
  if (activePlayers(d.state).length < 2) {
    refuse('not-enough-players', 'The draw needs at least 2 players with chips: record a buy-in first (R6).', 'R6');
  }
  needDeck(d, 'draw', 'draw');
}

/** One card each, highest deals; ties draw again among themselves. Resumable after a new draw deck. */
export function runDraw(d: Draft): void {
  for (;;) {
    const draw = d.state.draw;
    let round = draw?.rounds.at(-1);
    if (!draw || !round || (round.cards.length === draw.contenders.length && round.cards.length > 0)) {
      const contenders = draw && round ? tiedForHighest(round.cards) : activePlayers(d.state).map((p) => p.id);
      d.emit({ type: 'draw-round', round: (round?.round ?? 0) + 1, contenders });
      if (round) d.announce('draw-tie', null, 0, [], contenders);
      round = d.state.draw?.rounds.at(-1);
    }
    const current = d.state.draw;
    if (!current || !round) throw new Error('the draw lost its round');
    for (const playerId of current.contenders.slice(round.cards.length)) {
      if (!cardReady(d)) return needCard(d, 'draw', 'draw');
      const deck = d.state.deck;
      if (!deck) throw new Error('draw without a deck');
      d.emit({ type: 'draw-card', round: round.round, playerId, deckId: deck.id, card: topCard(d) });
    }
    const finished = d.state.draw?.rounds.at(-1);
    if (!finished) throw new Error('the draw lost its round');
    const highest = tiedForHighest(finished.cards);
    if (highest.length === 1 && highest[0] !== undefined) return chooseDealer(d, highest[0]);
  }
}

function tiedForHighest(cards: { playerId: string; card: CardCode }[]): string[] {
  const top = Math.max(...cards.map((c) => rankOf(c.card)));
  return cards.filter((c) => rankOf(c.card) === top).map((c) => c.playerId);
}

function chooseDealer(d: Draft, dealerId: string): void {
  d.emit({ type: 'dealer-chosen', playerId: dealerId });
  retireDeck(d);
  const dealerSeat = seatOf(d, dealerId);
  d.emit({ type: 'rotation', ...firstDeal(d.state, dealerSeat) });
  d.announce('dealer-chosen', dealerId, 0);
  d.phase('ready');
}
