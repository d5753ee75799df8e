import type { TurnView } from '../../../shared';
import { useWords } from './useWords';

/** What happened in a turn, in words: the outcome (with a pair's call), marked when its bet was corrected; a voided turn says the word under `voidedKey`. */
export function useTurnOutcome(voidedKey: 'outcome.void' | 'history.voided'): (turn: TurnView) => string {
  const { t } = useWords();
  return (turn) => {
    if (turn.void) return t(voidedKey);
    let text = turn.outcome ? t(`outcome.${turn.outcome}`) : t('outcome.pending');
    // R29: what the third card had to beat, read back from the list.
    if (turn.call) text = `${text}, ${t(turn.call === 'higher' ? 'prompt.calledHigher' : 'prompt.calledLower')}`;
    return turn.corrected ? `${text} (${t('outcome.corrected')})` : text;
  };
}
