import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { AppView, CommandError, FairnessReport, Language, RunningTab } from '../../../shared';
import { WIRE_CLOSE_LINK_REPLACED, WIRE_CLOSE_TABLE_FULL } from '../../../shared/wire';
import type { ConnectionStatus, PhoneSocketApi } from '../api/socket';
import { useViewStore } from '../stores/view';
import { LANGUAGE_STORAGE_KEY } from './language';
import { useHelpDealStore } from './helpDealStore';
import { chosenPlayer, loadChoice, saveChoice, withChoice, withoutChoice, type SavedChoice } from './me';
import { phoneStorage } from './phoneStorage';
import type { TableCheck } from './tableCheck';

export { phoneStorage } from './phoneStorage';

/**
 * What only a phone has: its link to the host (how it stands, when the last
 * view came), who its holder is ("this is me", kept on the phone), their
 * place in the running tab, and the phone's own language. The table itself
 * (the AppView) goes into the shared view store, so the table's components
 * work here unchanged.
 */
export const usePhoneStore = defineStore('phone', () => {
  const view = useViewStore();
  const status = ref<ConnectionStatus>('connecting');
  const lastViewAt = ref<number | null>(null);
  const saved = ref<SavedChoice>(loadChoice(phoneStorage()));
  /** The player list is a picker: nobody is picked yet, or "Change" was pressed. */
  const changing = ref(false);
  const tab = shallowRef<RunningTab | null>(null);
  /** Why the tab could not be had: the host's refusal (worded by the page, in the phone's language) or the browser's words. */
  const tabFailure = shallowRef<CommandError | string | null>(null);
  /** Why the host closed this phone's socket, when it said: too many phones already, or the link was replaced. */
  const turnedAway = ref<'table-full' | 'link-replaced' | null>(null);
  let api: PhoneSocketApi | null = null;
  let tabKey = '';
  let tabTimer: ReturnType<typeof setTimeout> | null = null;

  /** The holder of this phone at tonight's table, or null. */
  const meId = computed(() => chosenPlayer(saved.value, view.night));
  /** Whose tab to show: tonight's "me", or in the lobby the player picked last. */
  const tabOwnerId = computed(() => meId.value ?? (view.night ? null : saved.value.last));
  const picking = computed(() => view.night !== null && (changing.value || meId.value === null));

  function remember(next: SavedChoice): void {
    saved.value = next;
    saveChoice(phoneStorage(), next);
  }

  function pick(playerId: string): void {
    remember(withChoice(saved.value, view.night?.id ?? null, playerId));
    changing.value = false;
    void refreshTab();
  }

  function clear(): void {
    remember(withoutChoice(saved.value, view.night?.id ?? null));
    changing.value = false;
  }

  /** "Check this night" on an ended night: the deck check and the night checker's verdict, asked of the host. */
  const check = shallowRef<FairnessReport | 'checking' | CommandError | null>(null);

  /**
   * R34 "Checking", for a night whose cards the table drew: the export
   * fetched and every link, draw and card recomputed in this page, and the
   * draws this phone's own values went into (tableCheck.ts, loaded only then).
   */
  const tableCheck = shallowRef<TableCheck | 'checking' | CommandError | string | null>(null);

  async function checkNight(): Promise<void> {
    const night = view.night;
    if (!api || !night || check.value === 'checking' || tableCheck.value === 'checking') return;
    const link = api;
    check.value = 'checking';
    if (night.settings.cards !== 'table') tableCheck.value = null;
    const onPhone = night.settings.cards === 'table' ? checkCardsHere(link, night.id) : Promise.resolve();
    try {
      const result = await link.verifyNight({ nightId: night.id });
      check.value = result.ok ? (result.data ?? null) : result.error;
    } catch (failure) {
      check.value = { code: 'storage', message: failure instanceof Error ? failure.message : String(failure) } as CommandError;
    }
    await onPhone;
  }

  async function checkCardsHere(link: PhoneSocketApi, nightId: string): Promise<void> {
    tableCheck.value = 'checking';
    try {
      const { checkNightOnPhone } = await import('./tableCheck');
      tableCheck.value = await checkNightOnPhone(nightId, (args) => link.getNightToCheck(args), phoneStorage());
    } catch (failure) {
      tableCheck.value = failure instanceof Error ? failure.message : String(failure);
    }
  }

  /** The running tab (M3), asked of the host: a question any role may ask. */
  async function refreshTab(): Promise<void> {
    if (!api || tabOwnerId.value === null) return;
    try {
      const result = await api.getTab({});
      if (result.ok) {
        tab.value = result.data ?? null;
        tabFailure.value = null;
      } else {
        tabFailure.value = result.error;
      }
    } catch (failure) {
      tabFailure.value = failure instanceof Error ? failure.message : String(failure);
    }
  }

  /**
   * The tab changes when a night ends, is reopened or closed, or the host marks
   * payments (which it does between nights): asked again then, not after every
   * bet, so twenty phones cost the host nothing while the night is played.
   */
  function viewArrived(next: AppView): void {
    const night = next.night;
    const key = `${night?.id ?? ''}:${night?.phase === 'ended'}:${night?.reopened ?? 0}`;
    const live = night !== null && night.phase !== 'ended';
    if (key === tabKey && live) return;
    tabKey = key;
    if (tabTimer) clearTimeout(tabTimer);
    tabTimer = setTimeout(() => void refreshTab(), 500);
  }

  function connect(link: PhoneSocketApi): void {
    api = link;
    useHelpDealStore().attach(link);
    status.value = link.status();
    link.onStatus((next) => {
      status.value = next;
      const code = next === 'open' ? null : link.lastCloseCode();
      turnedAway.value = code === WIRE_CLOSE_TABLE_FULL ? 'table-full' : code === WIRE_CLOSE_LINK_REPLACED ? 'link-replaced' : null;
      if (next === 'open') void refreshTab();
    });
    link.onView((next) => {
      view.accept(next);
      lastViewAt.value = link.lastViewAt();
      viewArrived(next);
    });
  }

  /** The phone's language, kept on the phone; the host's choice does not change it. */
  function keepLanguage(language: Language): void {
    try {
      phoneStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      /* not remembered, still applied */
    }
  }

  return {
    status,
    lastViewAt,
    saved,
    changing,
    meId,
    tabOwnerId,
    picking,
    tab,
    tabFailure,
    turnedAway,
    pick,
    clear,
    refreshTab,
    check,
    tableCheck,
    checkNight,
    connect,
    keepLanguage,
  };
});
