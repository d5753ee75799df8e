import type { TurnView } from '../../../shared';
import { useWords } from './useWords';

/** What happened in a turn, in words: the outcome, marked when its bet was corrected; a voided turn says the word under `voidedKey`. */
export function useTurnOutcome(voidedKey: 'outcome.void' | 'history.voided'): (turn: TurnView) => string {
  const { t } = useWords();
  return (turn) => {
    if (turn.void) return t(voidedKey);
    const text = turn.outcome ? t(`outcome.${turn.outcome}`) : t('outcome.pending');
    return turn.corrected ? `${text} (${t('outcome.corrected')})` : text;
  };
}
