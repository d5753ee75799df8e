import { computed, type Ref } from 'vue';
import type { Settlement } from '../../../shared';
import { copyText } from '../lib/browser';
import { settlementText, transfersFor } from '../lib/settlement';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { useWords } from './useWords';

/** Who pays whom for a night, in the mode the host chose, and copying it as text (Y). */
export function useSettlement(settlement: Ref<Settlement | null>, currency: Ref<string>) {
  const ui = useUiStore();
  const view = useViewStore();
  const { t } = useWords();
  const tr = (key: string, named: Record<string, unknown> = {}) => t(key, named);

  /** A transfer's party: a player by name, or the bank when main names no player. */
  function party(id: string): string {
    const name = view.nameOf(id);
    return name === id && !view.rosterPlayer(id) ? t('settle.bank') : name;
  }

  const transfers = computed(() => (settlement.value ? transfersFor(settlement.value, ui.settleMode) : []));
  const text = computed(() =>
    settlement.value ? settlementText(settlement.value, ui.settleMode, party, currency.value, tr) : '',
  );

  function switchMode(): void {
    ui.settleMode = ui.settleMode === 'fewest' ? 'banker' : 'fewest';
    ui.copyFallback = null;
    ui.notice = null;
  }

  async function copy(): Promise<void> {
    if (!settlement.value) return;
    const copied = await copyText(text.value);
    ui.copyFallback = copied ? null : text.value;
    ui.notice = copied ? t('settle.copied') : null;
  }

  return { transfers, text, party, switchMode, copy };
}
