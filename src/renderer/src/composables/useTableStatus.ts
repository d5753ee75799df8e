import { computed, type ComputedRef, type Ref } from 'vue';
import type { NightView } from '../../../shared';
import { useViewStore } from '../stores/view';
import { useWords } from './useWords';

/**
 * Who does what now, in one line: the TV's and the phones' status say the
 * same. A pair called higher or lower (R29) is named while the call is made
 * and while the bet is asked, so the table knows what the third card must beat.
 */
export function useTableStatus(night: Ref<NightView | null | undefined>): ComputedRef<string> {
  const { t } = useWords();
  const view = useViewStore();
  return computed(() => {
    const current = night.value;
    if (!current) return '';
    const toAct = view.nameOf(current.toActId);
    switch (current.phase) {
      case 'draw':
        return t('table.drawing');
      case 'shuffle':
      case 'reveal':
        return t('table.shuffling');
      case 'cut':
        return t('table.toCut', { name: view.nameOf(current.cutterId) });
      case 'ready':
        return t('table.toDeal', { name: toAct });
      case 'ace-call':
        return t('table.toCall', { name: toAct });
      case 'pair-call':
        return t('table.toCallPair', { name: toAct });
      case 'bet':
        if (current.turn?.call) return t(current.turn.call === 'higher' ? 'table.toBetHigher' : 'table.toBetLower', { name: toAct });
        // R1: the ace called low or high changes the spread the table sees: said while the bet is asked, as a pair's call is.
        if (current.turn?.aceCall) return t(current.turn.aceCall === 'low' ? 'table.toBetAceLow' : 'table.toBetAceHigh', { name: toAct });
        return t('table.toBet', { name: toAct });
      default:
        return '';
    }
  });
}
