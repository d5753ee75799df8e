/**
 * Shows the cards in four colours (clubs green, diamonds blue) or the usual
 * two: one attribute on the page, which the suits' inks (base.css) follow.
 */
export function showDeck(fourColour: boolean): void {
  if (typeof document === 'undefined') return;
  if (fourColour) document.documentElement.dataset.deck = 'four-colour';
  else delete document.documentElement.dataset.deck;
}
