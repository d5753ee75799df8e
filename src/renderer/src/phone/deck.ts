import { showDeck } from '../lib/deck';
import { phoneStorage } from './phoneStore';

/**
 * The four-colour deck on a phone: the holder's own choice, kept on the phone
 * (like its language), never the host's.
 */
const DECK_STORAGE_KEY = 'in-between-dealer.phone.four-colour';

export function savedFourColour(): boolean {
  try {
    return phoneStorage()?.getItem(DECK_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Shows the deck as chosen and remembers the choice where the phone allows it. */
export function chooseFourColour(on: boolean): void {
  showDeck(on);
  try {
    phoneStorage()?.setItem(DECK_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    /* not remembered, still applied */
  }
}
