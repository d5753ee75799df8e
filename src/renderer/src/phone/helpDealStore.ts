import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { AppView, CommandError } from '../../../shared';
import type { PhoneSocketApi } from '../api/socket';
import type { HelpDeal, HelpState } from './helpDeal';
import { phoneStorage } from './phoneStorage';

/**
 * "Help deal" on the phone's page (docs/rules.md R34): whether its holder
 * lets it help, what it is to the table now and how many cards it helped
 * draw. The conversation with the host (helpDeal.ts) and the chain under it
 * (witness.ts) are loaded the first time a night whose cards the table
 * draws is shown, so a phone at a night with a shuffled deck never fetches
 * them.
 */

/** The night this phone's holder turned "Help deal" off for: on by default, off for that night once turned off. */
const HELP_OFF_STORAGE_KEY = 'in-between-dealer.phone.helpDealOff';

function offForNight(): string | null {
  try {
    return phoneStorage()?.getItem(HELP_OFF_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function keepOff(night: string | null): void {
  try {
    if (night === null) phoneStorage()?.removeItem(HELP_OFF_STORAGE_KEY);
    else phoneStorage()?.setItem(HELP_OFF_STORAGE_KEY, night);
  } catch {
    /* not remembered, still applied */
  }
}

export const useHelpDealStore = defineStore('helpDeal', () => {
  /** Tonight's night, when its cards are the table's and it has not ended: only then is "Help deal" shown. */
  const night = ref<string | null>(null);
  const offFor = ref<string | null>(offForNight());
  const state = ref<HelpState>('off');
  const helped = ref(0);
  const witnessId = ref<string | null>(null);
  const refusal = shallowRef<CommandError | string | null>(null);
  const enabled = computed(() => night.value !== null && offFor.value !== night.value);
  let controller: HelpDeal | null = null;
  let loading: Promise<HelpDeal> | null = null;
  let link: PhoneSocketApi | null = null;
  let lastView: AppView | null = null;

  function show(): void {
    if (!controller) return;
    state.value = controller.state;
    helped.value = controller.helped;
    witnessId.value = controller.witnessId;
    refusal.value = controller.refusal;
  }

  /** The conversation, loaded with the hashing it needs, and told what happened before it came. */
  function load(): Promise<HelpDeal> {
    loading ??= Promise.all([import('./helpDeal'), import('./witness')]).then(([{ HelpDeal }, { PhoneWitness }]) => {
      const api = link as PhoneSocketApi;
      const made = new HelpDeal(api, (id) => PhoneWitness.forNight(id, phoneStorage()), { changed: show });
      controller = made;
      made.setEnabled(enabled.value);
      made.connection(api.status() === 'open');
      if (lastView) made.view(lastView);
      return made;
    });
    return loading;
  }

  function viewArrived(next: AppView): void {
    lastView = next;
    const tableNight = next.night !== null && next.night.settings.cards === 'table' && next.night.phase !== 'ended';
    night.value = tableNight ? (next.night?.id ?? null) : null;
    if (controller) {
      controller.setEnabled(enabled.value);
      controller.view(next);
    } else if (tableNight) void load();
  }

  function attach(api: PhoneSocketApi): void {
    link = api;
    api.onStatus((status) => controller?.connection(status === 'open'));
    api.onView(viewArrived);
    api.onWitness((message) => controller?.pushed(message));
  }

  /** The holder's toggle, kept on the phone for tonight. */
  function toggle(): void {
    if (night.value === null) return;
    const on = !enabled.value;
    offFor.value = on ? null : night.value;
    keepOff(offFor.value);
    controller?.setEnabled(on);
  }

  return { night, enabled, state, helped, witnessId, refusal, attach, toggle };
});
