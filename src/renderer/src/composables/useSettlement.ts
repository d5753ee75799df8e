import { computed, type Ref } from 'vue';
import type { Settlement } from '../../../shared';
import { copyText } from '../lib/browser';
import { settlementText, transfersFor } from '../lib/settlement';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { useWords } from './useWords';

/**
 * Who pays whom for a night, in the mode the host chose, and copying it as
 * text (Y). The mode lives in main's view (setSettleMode), so the TV shows
 * the same list as the console.
 */
export function useSettlement(settlement: Ref<Settlement | null>, currency: Ref<string>) {
  const ui = useUiStore();
  const view = useViewStore();
  const words = useWords();
  const { t } = words;
  const tr = (key: string, named: Record<string, unknown> = {}) => t(key, named);

  /** A transfer's party: a player by name, or the bank when main names no player. */
  function party(id: string): string {
    const name = view.nameOf(id);
    return name === id && !view.rosterPlayer(id) ? t('settle.bank') : name;
  }

  const transfers = computed(() => (settlement.value ? transfersFor(settlement.value, view.settleMode) : []));
  const text = computed(() =>
    settlement.value ? settlementText(settlement.value, view.settleMode, party, currency.value, tr) : '',
  );

  /** S: the other list, on both screens. A refusal or a lost connection is shown; the mode then stays. */
  async function switchMode(): Promise<void> {
    ui.copyFallback = null;
    ui.notice = null;
    const mode = view.settleMode === 'fewest' ? 'banker' : 'fewest';
    try {
      const result = await view.run('setSettleMode', { mode });
      ui.showError(result.ok ? null : words.error(result.error));
    } catch (failure) {
      ui.showError(words.failure(failure));
    }
  }

  async function copy(): Promise<void> {
    if (!settlement.value) return;
    const copied = await copyText(text.value);
    ui.copyFallback = copied ? null : text.value;
    ui.notice = copied ? t('settle.copied') : null;
  }

  return { transfers, text, party, switchMode, copy };
}
