import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CommandError } from '../../../shared';

/** A question the host answers with Enter (yes) or Esc (no) before something that cannot be taken back. */
export interface Confirmation {
  text: string;
  onYes: () => void | Promise<void>;
}

/** The panels that open over the night screen, each with its own keys. */
export type NightPanel = 'buy-in' | 'cash-out' | 'fix-turn' | 'seat' | 'move' | 'sit-out' | 'expenses';

export const useUiStore = defineStore('ui', () => {
  const helpOpen = ref(false);
  /** The rules in force tonight, in plain words (R), over any screen. */
  const rulesOpen = ref(false);
  const confirmation = ref<Confirmation | null>(null);
  const panel = ref<NightPanel | null>(null);
  /** The refusal or mistake to show next to the input the host is using. */
  const error = ref<string | null>(null);
  /** Text the clipboard refused, shown for the host to copy by hand. */
  const copyFallback = ref<string | null>(null);
  /** A short confirmation of what just happened (copied, saved). */
  const notice = ref<string | null>(null);
  /** The last refusal main gave, as it gave it (its code and parameters), for a key that answers one (R33's reopen). */
  const lastRefusal = ref<CommandError | null>(null);
  /** The state id of the night the host last closed, so O in the lobby can reopen it (R33). */
  const lastClosedStateId = ref<number | null>(null);

  function ask(text: string, onYes: Confirmation['onYes']): void {
    confirmation.value = { text, onYes };
  }

  function answer(yes: boolean): void {
    const pending = confirmation.value;
    confirmation.value = null;
    if (yes && pending) void pending.onYes();
  }

  function openPanel(next: NightPanel): void {
    panel.value = next;
    error.value = null;
  }

  function closePanel(): void {
    panel.value = null;
    error.value = null;
  }

  function showError(text: string | null): void {
    error.value = text;
  }

  return {
    helpOpen,
    rulesOpen,
    confirmation,
    panel,
    error,
    copyFallback,
    notice,
    lastRefusal,
    lastClosedStateId,
    ask,
    answer,
    openPanel,
    closePanel,
    showError,
  };
});
