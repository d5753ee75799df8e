import { defineStore } from 'pinia';
import { ref } from 'vue';

/** A question the host answers with Enter (yes) or Esc (no) before something that cannot be taken back. */
export interface Confirmation {
  text: string;
  onYes: () => void | Promise<void>;
}

/** The panels that open over the night screen, each with its own keys. */
export type NightPanel = 'buy-in' | 'cash-out' | 'fix-turn';

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
    ask,
    answer,
    openPanel,
    closePanel,
    showError,
  };
});
