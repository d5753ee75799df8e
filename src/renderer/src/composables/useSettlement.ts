import { computed, ref, type Ref } from 'vue';
import type { Settlement } from '../../../shared';
import { copyText } from '../lib/browser';
import { payeeLine } from '../lib/payOptions';
import { settlementText, transfersFor } from '../lib/settlement';
import { useUiStore } from '../stores/ui';
import { useViewStore } from '../stores/view';
import { useWords } from './useWords';

/**
 * Who pays whom for a night, in the mode the host chose for it (M3), and
 * copying it as text (Y). The mode is kept by main for the night
 * (setSettleMode with its id), so the TV, the tab and the export follow it.
 */
export function useSettlement(
  settlement: Ref<Settlement | null>,
  currency: Ref<string>,
  nightId: Readonly<Ref<string | null>> = ref(null),
) {
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

  const mode = computed(() => settlement.value?.mode ?? view.settleMode);
  const transfers = computed(() => (settlement.value ? transfersFor(settlement.value) : []));
  /** How the night's payees like to be paid, when it is the night on the table (main sends the payees' details, the kinds turned off left out). */
  const payees = computed(() => {
    const pay = view.view?.settlePay;
    return pay && nightId.value !== null && view.night?.id === nightId.value ? pay.payees : {};
  });
  /** The text copied: who pays whom, then how each payee likes to be paid. */
  const text = computed(() => {
    if (!settlement.value) return '';
    const owed = [...new Set(transfers.value.map((t) => t.to))];
    const how = owed.flatMap((id) => (payees.value[id] ? [payeeLine(party(id), payees.value[id], tr)] : []));
    return [settlementText(settlement.value, party, currency.value, tr), ...how].join('\n');
  });

  /**
   * S: the other list for this night, on both screens, kept for the night. A
   * refusal (payments already marked for it) or a lost connection is shown;
   * the mode then stays. True when switched.
   */
  async function switchMode(): Promise<boolean> {
    ui.copyFallback = null;
    ui.notice = null;
    const next = mode.value === 'fewest' ? 'banker' : 'fewest';
    try {
      const result = await view.run('setSettleMode', nightId.value ? { mode: next, nightId: nightId.value } : { mode: next });
      ui.showError(result.ok ? null : words.error(result.error));
      return result.ok;
    } catch (failure) {
      ui.showError(words.failure(failure));
      return false;
    }
  }

  async function copy(): Promise<void> {
    if (!settlement.value) return;
    const copied = await copyText(text.value);
    ui.copyFallback = copied ? null : text.value;
    ui.notice = copied ? t('settle.copied') : null;
  }

  return { mode, transfers, text, party, switchMode, copy };
}
